// `toolwright generate --validators` (issue #33): ajv's standalone validators, generated with the real compiler for
// tests/fixtures/generate/edge-agent.ts, bundled with the worker build and run where code generation is refused
// (workerd through miniflare, and Node with --disallow-code-generation-from-strings), answer every call with the
// texts Node's ajv gives.
import { execFile } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import type * as MiniflareModule from "miniflare";
import { build } from "esbuild";
import { generateSchemas } from "../../src/generate/generate.js";
import { repoRoot, run } from "../package/consumer-project.js";
import { packedTarball } from "../toolchains/packed-package.js";

const execFileAsync = promisify(execFile);

// A build of the package (shared with the other toolchain suites), bundles and workerd: slow on 2 shared cores.
jest.setTimeout(600_000);

// Calls whose results are compared: valid ones, and each kind of mistake a precompiled validator must word as ajv does.
const CASES = [
  ["search", { query: "src.main", limit: 5 }],
  ["search", { query: "src.main", limit: 5, mode: "content" }],
  ["search", { query: "Src..main", limit: 0 }],
  ["search", { query: "a".repeat(13), limit: 3 }],
  ["search", { query: "abcdefghijklmnop", limit: 51, mode: "other" }],
  ["search", { limit: 2.5, extra: true }],
  ["search", { query: 7, limit: "5" }],
  ["send", { to: { email: "a@example.com", tags: ["x", "y"] } }],
  ["send", { to: { email: "a@example.com" }, site: "https://example.com/x" }],
  ["send", { to: { email: "not an address", tags: ["a", "b", "c", "d"] }, site: "no uri" }],
  ["send", { to: {} }],
  ["send", {}],
];

const casesTs = `import "./edge-agent.generated.js";
import { registerPrecompiledValidators } from "toolwright";
import { validators } from "./edge-agent.generated.validators/index.js";
import { EdgeAgent } from "./edge-agent.js";

// Each validator registered again under its own hash, counting the tools that were built with it.
export const built: string[] = [];
export function countBuilds(): void {
  registerPrecompiledValidators(
    validators.map((v) => ({ hash: v.hash, create: (runtime) => (built.push(v.hash), v.create(runtime)) })),
  );
}

export async function runCases(): Promise<unknown[]> {
  const agent = new EdgeAgent();
  const results: unknown[] = [];
  for (const [tool, args] of ${JSON.stringify(CASES)} as [string, unknown][]) {
    const result = (await agent.callTool(tool, args)) as {
      ok: boolean;
      content?: unknown;
      error?: { code: string; message: string; details?: unknown };
    };
    results.push({ tool, ok: result.ok, content: result.content, error: result.error });
  }
  return results;
}
`;

const nodeTs = `import { runCases } from "./cases.js";
console.log(JSON.stringify({ results: await runCases() }));
`;

const printTs = `import { built, countBuilds, runCases } from "./cases.js";
countBuilds();
const results = await runCases();
console.log(JSON.stringify({ results, built }));
`;

const workerTs = `import { built, countBuilds, runCases } from "./cases.js";
countBuilds();
export default {
  async fetch(): Promise<Response> {
    const results = await runCases();
    return Response.json({ results, built });
  },
};
`;

interface Run {
  readonly results: { tool: string; ok: boolean; error?: { code: string; message: string } }[];
  readonly built?: string[];
}

describe("toolwright generate --validators", () => {
  let dir = "";
  let hashes: string[] = [];
  let reference: Run;

  // The web build, bundled as wrangler bundles a Worker (the size script's settings), every dependency included.
  const webBundle = async (entry: string, outfile: string) => {
    await build({
      absWorkingDir: dir,
      entryPoints: [entry],
      outfile,
      bundle: true,
      format: "esm",
      target: "es2022",
      platform: "neutral",
      conditions: ["workerd", "worker", "browser"],
      mainFields: ["module", "main"],
      alias: { toolwright: join(repoRoot, "dist/web/index.js") },
      nodePaths: [join(repoRoot, "node_modules")],
      logLevel: "error",
    });
  };

  beforeAll(async () => {
    await packedTarball(); // builds dist/ from the current sources, once for every toolchain suite
    dir = mkdtempSync(join(tmpdir(), "toolwright-precompiled-"));
    // Its own package.json: ES modules, and none of the repository's "sideEffects" (which would drop the import of
    // the generated module from a bundle). The generator reads toolwright's types from src; Node runs its build.
    writeFileSync(join(dir, "package.json"), JSON.stringify({ name: "edge-app", private: true, type: "module" }));
    const options = {
      target: "es2022",
      module: "esnext",
      moduleResolution: "bundler",
      strict: true,
      skipLibCheck: true,
    };
    const tsconfig = (toolwright: string) =>
      JSON.stringify({ compilerOptions: { ...options, paths: { toolwright: [toolwright] } }, include: ["*.ts"] });
    writeFileSync(join(dir, "tsconfig.json"), tsconfig(join(repoRoot, "src/index.ts")));
    writeFileSync(join(dir, "tsconfig.node.json"), tsconfig(join(repoRoot, "dist/esm/index.js")));
    copyFileSync(join(repoRoot, "tests/fixtures/generate/edge-agent.ts"), join(dir, "edge-agent.ts"));
    const result = await generateSchemas({
      files: [join(dir, "edge-agent.ts")],
      project: join(dir, "tsconfig.json"),
      out: join(dir, "edge-agent.generated.ts"),
      cwd: dir,
      validators: true,
    });
    expect(result.issues).toEqual([]);
    writeFileSync(result.out, result.text);
    mkdirSync(result.validators!.dir);
    for (const { name, text } of result.validators!.files) writeFileSync(join(result.validators!.dir, name), text);
    hashes = result
      .validators!.files.filter(({ name }) => /^[0-9a-f]{16}\.js$/.test(name))
      .map(({ name }) => name.slice(0, 16));
    writeFileSync(join(dir, "cases.ts"), casesTs);
    writeFileSync(join(dir, "node.ts"), nodeTs);
    writeFileSync(join(dir, "print.ts"), printTs);
    writeFileSync(join(dir, "worker.ts"), workerTs);
    // Node's build: ajv's compiled validators, the reference.
    const { stdout } = await execFileAsync(
      process.execPath,
      ["--import", pathToFileURL(join(repoRoot, "node_modules/tsx/dist/loader.mjs")).href, "node.ts"],
      {
        cwd: dir,
        env: { ...process.env, TSX_TSCONFIG_PATH: join(dir, "tsconfig.node.json") },
      },
    );
    reference = JSON.parse(stdout.trim().split("\n").pop()!) as Run;
  });

  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("writes one validator per tool, plain JavaScript that requires nothing and builds no function from a string", () => {
    expect(hashes).toHaveLength(2);
    const texts = hashes.map((hash) =>
      readFileSync(join(dir, "edge-agent.generated.validators", `${hash}.js`), "utf8"),
    );
    for (const text of texts) {
      expect(text).not.toMatch(/\brequire\(|new Function|\beval\(/);
      expect(text).toMatch(/export function create\(runtime\)/);
    }
    // The pieces ajv's code would require() come from toolwright's runtime: its pattern matcher and format checks.
    expect(texts.join("\n")).toContain("runtime.pattern(");
    expect(texts.join("\n")).toContain("runtime.formats.email");
    expect(readFileSync(join(dir, "edge-agent.generated.ts"), "utf8")).toContain(
      "registerPrecompiledValidators(validators);",
    );
  });

  it("gives Node's ajv results as the reference: valid calls run, each mistake is worded", () => {
    expect(reference.results.map((r) => r.ok)).toEqual([
      true,
      true,
      false,
      false,
      false,
      false,
      false,
      true,
      true,
      false,
      false,
      false,
    ]);
    const messages = reference.results.map((r) => r.error?.message ?? "").join("\n");
    expect(messages).toMatch(/must match pattern/);
    expect(messages).toMatch(/must match format "email"/);
    expect(messages).toMatch(/must NOT have more than 12 characters/);
  });

  it("runs in Node with --disallow-code-generation-from-strings on the precompiled validators, with Node's texts", async () => {
    await webBundle("print.ts", "print.mjs");
    const { stdout } = await run(process.execPath, ["--disallow-code-generation-from-strings", "print.mjs"], dir);
    const web = JSON.parse(stdout.trim().split("\n").pop()!) as Run;
    expect([...new Set(web.built)].sort()).toEqual([...hashes].sort());
    expect(web.results).toEqual(reference.results);
  });

  it("runs in workerd (miniflare, which refuses code generation) on the precompiled validators, with Node's texts", async () => {
    await webBundle("worker.ts", "worker.mjs");
    const { Miniflare } = (await import(
      join(repoRoot, "node_modules/miniflare/dist/src/index.js")
    )) as typeof MiniflareModule;
    const mf = new Miniflare({
      modules: true,
      script: readFileSync(join(dir, "worker.mjs"), "utf8"),
      compatibilityDate: "2025-09-01",
    });
    try {
      const response = await mf.dispatchFetch("http://localhost/");
      const web = (await response.json()) as Run;
      expect([...new Set(web.built)].sort()).toEqual([...hashes].sort());
      expect(web.results).toEqual(reference.results);
    } finally {
      await mf.dispose();
    }
  });
});
