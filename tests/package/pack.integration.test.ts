import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  buildAndPack,
  compileConsumer,
  createConsumer,
  installTarball,
  repoRoot,
  runNodeJson,
} from "./consumer-project.js";
import {
  agentTs,
  cjsCjs,
  consumerPackageJson,
  consumerTsconfig,
  dualMjs,
  esmMjs,
  legacyCts,
  loadsCjs,
  loadsMjs,
  workflowMjs,
} from "./consumer-sources.js";

// Build, pack, install and tsc take a few seconds each; a loaded CI machine can be several times slower.
jest.setTimeout(240_000);

// A plain JavaScript agent module for `toolwright dev` run from the installed package.
const devAgentMjs = `import { BaseAgent, p, toolRegistry } from "toolwright";
toolRegistry.register("echo", ({ text }) => text, {
  description: "Repeat the text",
  params: { text: p.string() },
  allowedAgents: ["echo_agent"],
});
export class EchoAgent extends BaseAgent {
  static agentName = "echo_agent";
}
`;

describe("the packed package, installed into a fresh consumer project", () => {
  let packDir = "";
  let consumer = "";
  let packedFiles: readonly string[] = [];
  let installed = "";

  beforeAll(async () => {
    packDir = mkdtempSync(join(tmpdir(), "toolwright-pack-"));
    const { tarball, files } = await buildAndPack(packDir);
    packedFiles = files;
    consumer = createConsumer({
      "package.json": JSON.stringify(consumerPackageJson, null, 2),
      "tsconfig.json": JSON.stringify(consumerTsconfig(join(repoRoot, "node_modules", "@types")), null, 2),
      "src/agent.ts": agentTs,
      "src/legacy.cts": legacyCts,
      "js/esm.mjs": esmMjs,
      "js/cjs.cjs": cjsCjs,
      "js/dual.mjs": dualMjs,
      "js/loads.mjs": loadsMjs,
      "js/loads.cjs": loadsCjs,
      "js/workflow.mjs": workflowMjs,
      "js/dev-agent.mjs": devAgentMjs,
    });
    await installTarball(consumer, tarball);
    installed = join(consumer, "node_modules", "toolwright");
  });

  afterAll(() => {
    for (const dir of [consumer, packDir]) if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("ships both builds with their types, and neither sources nor tests", () => {
    for (const file of [
      "package.json",
      "dist/esm/index.js",
      "dist/esm/index.d.ts",
      "dist/cjs/index.js",
      "dist/cjs/index.d.ts",
      "dist/cjs/package.json",
    ]) {
      expect(packedFiles).toContain(file);
    }
    expect(packedFiles.filter((file) => /^(src|tests|bench|examples)\//.test(file))).toEqual([]);
    // Without it Node and TypeScript would read dist/cjs/*.js and *.d.ts as ESM, since the package is "type": "module".
    expect(JSON.parse(readFileSync(join(installed, "dist/cjs/package.json"), "utf8"))).toEqual({ type: "commonjs" });
  });

  it("ships the page of toolwright dev, which the installed command finds and serves", async () => {
    for (const file of ["index.html", "app.js", "style.css", "schema-form.js"]) {
      expect(packedFiles).toContain(`dist/esm/devtools/page/${file}`);
    }
    const command = spawn(
      process.execPath,
      [join(installed, "dist/esm/cli/toolwright.js"), "dev", "js/dev-agent.mjs", "--no-open"],
      { cwd: consumer, stdio: ["ignore", "pipe", "inherit"] },
    );
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let out = "";
        command.stdout.on("data", (chunk: Buffer) => {
          out += chunk.toString();
          const found = / at (http:\/\/127\.0\.0\.1:\d+\/[\w-]+\/)\n/.exec(out);
          if (found) resolve(found[1]!);
        });
        command.once("exit", (code) => reject(new Error(`toolwright dev exited with ${code}: ${out}`)));
      });
      const page = await fetch(url);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain("<title>toolwright dev</title>");
      expect((await fetch(`${url}app.js`)).status).toBe(200);
      const state = (await (await fetch(`${url}api/state`)).json()) as { agents: { name: string }[] };
      expect(state.agents.map((agent) => agent.name)).toEqual(["echo_agent"]);
    } finally {
      const exited = new Promise((resolve) => command.once("exit", resolve));
      command.kill("SIGTERM");
      await exited;
    }
  });

  it("installs with its runtime dependencies only", () => {
    expect(existsSync(join(consumer, "node_modules", "ajv"))).toBe(true);
    expect(existsSync(join(consumer, "node_modules", "ajv-formats"))).toBe(true);
    // A dev dependency leaking into "dependencies" would show up here.
    expect(existsSync(join(consumer, "node_modules", "typescript"))).toBe(false);
  });

  describe("TypeScript (tsc, module NodeNext, strict, library .d.ts checked)", () => {
    beforeAll(async () => {
      // Compiles src/agent.ts (ESM, "import" types) and src/legacy.cts (CommonJS, "require" types) in one program.
      await compileConsumer(consumer);
    });

    it("compiles an ESM agent with @tool and @builtinTool that runs and prints its specs and call results", async () => {
      const output = await runNodeJson(consumer, "out/agent.js");
      expect(output.name).toBe("math_agent");
      expect(output.specs).toEqual([
        {
          name: "add",
          description: "Add two numbers",
          inputSchema: {
            type: "object",
            properties: {
              a: { type: "number", description: "First addend" },
              b: { type: "number", description: "Second addend" },
            },
            required: ["a", "b"],
            additionalProperties: false,
          },
        },
        {
          name: "repeat",
          description: "Repeat a word",
          inputSchema: {
            type: "object",
            properties: {
              word: { type: "string", description: "The word to repeat" },
              times: { type: "integer", default: 2 },
            },
            required: ["word"],
            additionalProperties: false,
          },
        },
      ]);
      expect(output.sum).toMatchObject({ ok: true, outcome: "success", toolName: "add", content: 5 });
      expect(output.repeated).toMatchObject({ ok: true, content: "hi hi" });
      expect(output.mistake).toMatchObject({
        ok: false,
        outcome: "invalid_arguments",
        error: { code: "INVALID_ARGUMENTS", message: expect.stringMatching(/\/a must be number/) },
      });
    });

    it("compiles a CommonJS (.cts) consumer against the require types, and runs it on dist/cjs", async () => {
      const output = await runNodeJson(consumer, "out/legacy.cjs");
      expect(output.resolved).toBe(join(installed, "dist", "cjs", "index.js"));
      expect(output.tools).toEqual(["echo"]);
      expect(output.result).toMatchObject({ ok: true, content: "hello" });
      expect(output.isError).toBe(true);
    });
  });

  it("imports as ESM from a plain .mjs file (dist/esm)", async () => {
    const output = await runNodeJson(consumer, "js/esm.mjs");
    expect(output).toEqual({
      resolved: expect.stringMatching(/\/node_modules\/toolwright\/dist\/esm\/index\.js$/),
      toolIsFunction: true,
      tools: ["multiply"],
      content: 42,
    });
  });

  it("requires as CommonJS from a plain .cjs file (dist/cjs)", async () => {
    const output = await runNodeJson(consumer, "js/cjs.cjs");
    expect(output).toEqual({
      resolved: join(installed, "dist", "cjs", "index.js"),
      toolIsFunction: true,
      tools: ["subtract"],
      content: 6,
    });
  });

  it("shares one toolRegistry and recognises errors across an ESM and a CJS copy loaded at once", async () => {
    const output = await runNodeJson(consumer, "js/dual.mjs");
    expect(output).toEqual({
      twoCopies: true,
      esmResolved: expect.stringMatching(/\/dist\/esm\/index\.js$/),
      cjsResolved: join(installed, "dist", "cjs", "index.js"),
      sameRegistry: true,
      esmSeesCjsTool: true,
      esmAgentCallsCjsTool: "pong",
      cjsAgentCallsCjsTool: "pong",
      esmIsRecognisesCjsError: true,
      cjsIsRecognisesEsmError: true,
      cjsErrorCode: "TOOL_NOT_FOUND",
      esmErrorCode: "INVALID_DEFINITION",
    });
  });

  it("loads no dependency and no node:http at import, and ajv on the first call, in ESM and CommonJS", async () => {
    const esm = await runNodeJson(consumer, "js/loads.mjs");
    expect(esm).toMatchObject({
      atImport: { http: false, packages: [], ajvFamily: false },
      sum: 5,
      // ajv comes from the one file toolwright's build bundled it into, never file by file from node_modules.
      afterCall: { http: false, packages: [], ajvFamily: true },
      mail: [
        [true, "sent to a@example.com"],
        [false, expect.stringContaining('/to must match format "email"')],
      ],
      afterFormat: { packages: [], ajvFamily: true },
    });
    expect(await runNodeJson(consumer, "js/loads.cjs")).toEqual({
      http: false,
      packages: [],
      ajvFamily: false,
      exports: (esm.esmNames as { main: string[] }).main.length,
    });
  });

  it("gives every entry the same exports in both formats, sharing one copy of the main entry's modules", async () => {
    const output = await runNodeJson(consumer, "js/loads.mjs");
    expect(output.esmNames).toEqual(output.cjsNames);
    expect(output.esmNames).toMatchObject({
      mcp: ["importMcpTools", "mcpFetchHandler", "serveMcp", "toMcpCallToolResult"],
      redis: ["RedisStore", "StoreRecordError", "StoreUnavailableError", "createRedisStore"],
    });
    expect(output.esmSubpathSharesMainClasses).toBe(true);
    expect(output.cjsSubpathSharesMainClasses).toBe(true);
    // The worker and browser build has the same two entries the web conditions reach, with the same exports.
    const { main, mcp } = output.esmNames as Record<string, string[]>;
    expect(output.webNames).toEqual({ main, mcp });
  });

  it("defines each class once per format: the entries import shared chunks, never a copy", () => {
    for (const format of ["esm", "cjs", "web"]) {
      const where = new Map<string, string[]>();
      for (const file of packedFiles.filter((path) => path.startsWith(`dist/${format}/`) && path.endsWith(".js"))) {
        const text = readFileSync(join(installed, file), "utf8");
        for (const [, assigned, declared] of text.matchAll(/^(?:var|let|const) (\w+) = class\b|^class (\w+)/gm)) {
          const name = (assigned ?? declared)!;
          where.set(name, [...(where.get(name) ?? []), file]);
        }
      }
      expect(where.get("ToolRegistry")).toHaveLength(1);
      expect([...where].filter(([, files]) => files.length > 1)).toEqual([]);
    }
  });

  it("gives Temporal's workflow bundler a toolwright/temporal-workflow it accepts: one file, no Node module", async () => {
    const { bundleWorkflowCode } = await import("@temporalio/worker");
    const errors: string[] = [];
    const keep = (message: string, meta?: unknown) => void errors.push(`${message} ${JSON.stringify(meta) ?? ""}`);
    const bundle = await bundleWorkflowCode({
      workflowsPath: join(consumer, "js", "workflow.mjs"),
      logger: { log() {}, trace() {}, debug() {}, info() {}, warn: keep, error: keep },
      // The consumer installed toolwright alone; the Temporal SDK is the repository's.
      webpackConfigHook: (config) => ({
        ...config,
        resolve: { ...config.resolve, modules: [join(consumer, "node_modules"), join(repoRoot, "node_modules")] },
      }),
    }).catch((error: unknown) => {
      throw new Error(`${(error as Error).message}\n${errors.join("\n")}`, { cause: error });
    });
    expect(bundle.code).toContain("toolwright.approve");
    const entry = readFileSync(join(installed, "dist", "esm", "adapters", "temporal-workflow", "index.js"), "utf8");
    expect(entry.match(/^import .* from "([^"]+)";$/gm)).toEqual([expect.stringContaining('"@temporalio/workflow"')]);
  });
});
