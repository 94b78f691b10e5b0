import { readdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { createConsumer, repoRoot, run, runNodeJson } from "../package/consumer-project.js";
import { packedTarball } from "./packed-package.js";

// Build, pack, real installs from the registry (the npm cache after the first run), two compilers: slow on 2 cores.
jest.setTimeout(480_000);

const agentTs = `import { BaseAgent, builtinTool } from "toolwright";

export class NotesAgent extends BaseAgent {
  static agentName = "notes_agent";

  /** Find notes. */
  @builtinTool()
  find(query: string, limit = 10): string {
    return \`\${query}:\${limit}\`;
  }
}
`;

const mainTs = `import "./notes.generated.js";
import { NotesAgent } from "./agent.js";

const agent = new NotesAgent();
console.log(JSON.stringify({ specs: agent.toolSpecs(), result: await agent.callTool("find", { query: "todo" }) }));
`;

const tsconfig = {
  compilerOptions: {
    module: "NodeNext",
    moduleResolution: "NodeNext",
    target: "ES2022",
    lib: ["ES2022", "esnext.decorators"],
    strict: true,
    skipLibCheck: false,
    typeRoots: [join(repoRoot, "node_modules", "@types")],
    types: ["node"],
    rootDir: "src",
    outDir: "out",
  },
  include: ["src"],
};

const install = (cwd: string, ...packages: string[]) =>
  run("npm", ["install", ...packages, "--prefer-offline", "--no-audit", "--no-fund", "--loglevel=error"], cwd);

/** Runs `toolwright generate` as the installed command; resolves with its exit code and output. */
async function generate(cwd: string, ...extra: string[]): Promise<{ code: number; output: string }> {
  const command = join(cwd, "node_modules", "toolwright", "dist", "esm", "cli", "toolwright.js");
  const args = [
    command,
    "generate",
    "src/agent.ts",
    "--out",
    "src/notes.generated.ts",
    "--project",
    "tsconfig.json",
    ...extra,
  ];
  try {
    const { stdout, stderr } = await run(process.execPath, args, cwd);
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const text = (error as Error).message;
    return { code: Number(/failed \((\d+)\)/.exec(text)?.[1] ?? -1), output: text };
  }
}

const expectedSpec = {
  name: "find",
  description: "Find notes.",
  inputSchema: {
    type: "object",
    properties: { query: { type: "string" }, limit: { type: "number", default: 10 } },
    required: ["query"],
    additionalProperties: false,
  },
  // generate derives the output schema from the method's return type (issue 21).
  outputSchema: { type: "string" },
};

describe("toolwright in TypeScript 6 and TypeScript 7 projects", () => {
  const dirs: string[] = [];
  let tarball = "";

  beforeAll(async () => {
    tarball = await packedTarball();
  });

  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  const project = () => {
    const dir = createConsumer({
      "package.json": JSON.stringify({ name: "ts-project", version: "0.0.0", private: true, type: "module" }),
      "tsconfig.json": JSON.stringify(tsconfig, null, 2),
      "src/agent.ts": agentTs,
      "src/main.ts": mainTs,
    });
    dirs.push(dir);
    return dir;
  };

  it("TypeScript 6: installs, generates through the project's typescript, compiles with tsc 6 and runs", async () => {
    const dir = project();
    await install(dir, "typescript@~6.0.3", tarball);
    expect((await generate(dir)).code).toBe(0);
    expect(readFileSync(join(dir, "src/notes.generated.ts"), "utf8")).toContain('"NotesAgent.find"');
    await run(process.execPath, [join(dir, "node_modules/typescript/bin/tsc"), "-p", "."], dir);
    const output = await runNodeJson(dir, "out/main.js");
    expect(output.specs).toEqual([expectedSpec]);
    expect(output.result).toMatchObject({ ok: true, content: "todo:10" });

    // --validators: ajv's standalone generator, from the one file the build bundled ajv into (dist/cjs/ajv-family.cjs).
    expect((await generate(dir, "--validators")).code).toBe(0);
    const validators = readdirSync(join(dir, "src/notes.generated.validators")).sort();
    expect(validators).toEqual([expect.stringMatching(/^[0-9a-f]{16}\.js$/), "index.d.ts", "index.js"]);
    const validator = readFileSync(join(dir, "src/notes.generated.validators", validators[0]!), "utf8");
    expect(validator).toContain("function validate0(");
    expect(validator).toContain('instancePath:instancePath+"/query"');
  });

  it("TypeScript 7: installs with no flags, names the one install command, then generates through @typescript/typescript6", async () => {
    const dir = project();
    // An ERESOLVE from a peer range that excludes 7 fails this install: no --legacy-peer-deps.
    await install(dir, "typescript@^7.0.2", tarball);
    expect(JSON.parse(readFileSync(join(dir, "node_modules/typescript/package.json"), "utf8")).version).toMatch(/^7\./);

    const refused = await generate(dir);
    expect(refused.code).toBe(2);
    expect(refused.output).toMatch(/typescript is 7\.\d+\.\d+, whose native compiler has no classic JavaScript API/);
    expect(refused.output).toContain("Install it with: npm install --save-dev @typescript/typescript6");

    await install(dir, "@typescript/typescript6@^6.0.2");
    expect((await generate(dir)).code).toBe(0);
    expect(readFileSync(join(dir, "src/notes.generated.ts"), "utf8")).toContain('"NotesAgent.find"');
    // tsc 7 (the native compiler) builds the project, generated module included, and it runs.
    const tsc = await run(process.execPath, [join(dir, "node_modules/typescript/bin/tsc"), "-v"], dir);
    expect(tsc.stdout).toMatch(/Version 7\./);
    await run(process.execPath, [join(dir, "node_modules/typescript/bin/tsc"), "-p", "."], dir);
    const output = await runNodeJson(dir, "out/main.js");
    expect(output.specs).toEqual([expectedSpec]);
    expect(output.result).toMatchObject({ ok: true, content: "todo:10" });
  });
});
