import { execFile } from "node:child_process";
import {
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { transformSync } from "esbuild";
import { repoRoot, run } from "../package/consumer-project.js";
import { packedTarball } from "../toolchains/packed-package.js";

const execFileAsync = promisify(execFile);

// Build and pack (shared with the toolchain suites), then two fresh Node processes.
jest.setTimeout(600_000);

// Node's cold start (issue #33: import + define + a first call at most 0.7x ajv's): the state layer (approvals, tasks,
// grants: a tenth of the main chunk) is loaded with import() on the first approval, task or grant, so a process whose
// first call is a plain one never reads it. Each process imports the packed dist/, defines an agent, makes a plain
// call and lists the dist files loaded so far; then makes a call that needs approval and approves it, and lists them
// again. In ESM a loader hook sees each file; in CommonJS, require.cache.
// Its three classes, as esbuild writes them (unminified, in both formats): `var SharedApprovals = class {`.
const STATE_LAYER = /\b(SharedApprovals|SharedTasks|GrantStore) = class\b/;

const agents = `
class ColdAgent extends BaseAgent {
  static agentName = "cold_agent";
  @tool({ description: "Add two numbers", params: { a: p.number(), b: p.number() } })
  add({ a, b }: { a: number; b: number }) { return a + b; }

  @tool({ description: "Delete a file", params: { path: p.string() }, requiresApproval: true })
  remove({ path }: { path: string }) { return "deleted " + path; }
}
const agent = new ColdAgent();
const plain = await agent.callTool("add", { a: 1, b: 2 });
const afterPlain = loaded();
const asked = await agent.callTool("remove", { path: "a.txt" });
const approved = await agent.approvals.approve(asked.approvalId!);
const afterApproval = loaded();
console.log(JSON.stringify({ plain: plain.content, approved: approved.content, afterPlain, afterApproval }));
`;

// Real decorator syntax, compiled ahead of time: Node 20 cannot parse decorators.
const compile = (source: string, format: "esm" | "cjs") =>
  transformSync(source, { loader: "ts", target: "es2022", format, supported: { "top-level-await": true } }).code;

interface Loads {
  readonly plain: unknown;
  readonly approved: unknown;
  readonly afterPlain: string[];
  readonly afterApproval: string[];
}

describe("a fresh Node process whose first call is a plain one (issue #33)", () => {
  let dir = "";
  let pkg = "";
  // The dist files that hold the state layer.
  const holders = (format: "esm" | "cjs") =>
    readdirSync(join(pkg, "dist", format, "chunks"))
      .filter((file) => file.endsWith(".js"))
      .map((file) => `dist/${format}/chunks/${file}`)
      .filter((file) => STATE_LAYER.test(readFileSync(join(pkg, file), "utf8")));

  const node = async (script: string): Promise<Loads> => {
    const { stdout } = await execFileAsync(process.execPath, [script], { cwd: dir });
    const lines = stdout.trim().split("\n");
    const loads = JSON.parse(lines[lines.length - 1]!) as Loads;
    const inPackage = (files: string[]) =>
      files
        .filter((file) => file.startsWith(join(pkg, "dist")))
        .map((file) => relative(pkg, file).split("\\").join("/"))
        .sort();
    return { ...loads, afterPlain: inPackage(loads.afterPlain), afterApproval: inPackage(loads.afterApproval) };
  };

  beforeAll(async () => {
    const tarball = await packedTarball();
    dir = mkdtempSync(join(tmpdir(), "toolwright-cold-"));
    // Installed where an install puts it, in a node_modules folder: the CommonJS build finds its bundled ajv
    // (toolwright/internal/ajv-family) there by name.
    mkdirSync(join(dir, "node_modules"));
    await run("tar", ["-xzf", tarball, "-C", join(dir, "node_modules")], dir);
    pkg = join(dir, "node_modules", "toolwright");
    renameSync(join(dir, "node_modules", "package"), pkg);
    // The package's dependencies (re2js, acorn) from this repository's node_modules.
    symlinkSync(join(repoRoot, "node_modules"), join(pkg, "node_modules"), "junction");
  });

  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("keeps the state layer in files of its own", () => {
    expect(holders("esm")).toHaveLength(1);
    expect(holders("cjs")).toHaveLength(1);
  });

  it("does not load the state layer as an ES module, and loads it for the first approval", async () => {
    const log = join(dir, "esm-loads.log");
    const hooks = join(dir, "hooks.mjs");
    writeFileSync(
      hooks,
      `import { appendFileSync } from "node:fs";\n` +
        `export async function load(url, context, next) {\n` +
        `  if (url.startsWith("file:")) appendFileSync(${JSON.stringify(log)}, url + "\\n");\n` +
        `  return next(url, context);\n}\n`,
    );
    const script = join(dir, "cold.mjs");
    writeFileSync(
      script,
      `import { readFileSync } from "node:fs";\nimport { register } from "node:module";\nimport { fileURLToPath } from "node:url";\n` +
        `register(${JSON.stringify(pathToFileURL(hooks).href)});\n` +
        `const loaded = () => readFileSync(${JSON.stringify(log)}, "utf8").trim().split("\\n").map((url) => fileURLToPath(url));\n` +
        `const { BaseAgent, p, tool } = await import(${JSON.stringify(pathToFileURL(join(pkg, "dist/esm/index.js")).href)});\n` +
        compile(agents, "esm"),
    );
    const loads = await node(script);
    expect(loads).toMatchObject({ plain: 3, approved: "deleted a.txt" });
    expect(loads.afterPlain).toContain("dist/esm/index.js");
    expect(loads.afterPlain.filter((file) => holders("esm").includes(file))).toEqual([]);
    expect(loads.afterApproval).toEqual(expect.arrayContaining(holders("esm")));
  });

  it("does not require the state layer in CommonJS, and requires it for the first approval", async () => {
    const script = join(dir, "cold.cjs");
    writeFileSync(
      script,
      `const loaded = () => Object.keys(require.cache);\n` +
        `const { BaseAgent, p, tool } = require(${JSON.stringify(join(pkg, "dist/cjs/index.js"))});\n` +
        `(async () => {\n${compile(agents, "esm")}\n})();\n`,
    );
    const loads = await node(script);
    expect(loads).toMatchObject({ plain: 3, approved: "deleted a.txt" });
    expect(loads.afterPlain).toContain("dist/cjs/index.js");
    expect(loads.afterPlain.filter((file) => holders("cjs").includes(file))).toEqual([]);
    expect(loads.afterApproval).toEqual(expect.arrayContaining(holders("cjs")));
  });
});
