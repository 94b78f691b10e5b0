import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { main } from "../../src/cli/main.js";
import { runGenerate } from "../../src/cli/generate.js";
import { generateSchemas } from "../../src/generate/generate.js";
import { tempFolders } from "../support/temp-folders.js";

const repoRoot = resolve(__dirname, "../..");

const agentSource = (className: string, body = "find(query: string) { return [query]; }") => `
import { BaseAgent, builtinTool } from "toolwright";

export class ${className} extends BaseAgent {
  /** Find notes. */
  @builtinTool()
  ${body}
}
`;

// Every folder the cases make, removed once the suite is done.
const tempFolder = tempFolders("toolwright-25-");

// A project of its own (flat: the agent beside tsconfig.json), "toolwright" mapped to this repository's sources.
function flatProject(): string {
  const dir = tempFolder();
  const tsconfig = {
    compilerOptions: {
      target: "ES2022",
      module: "NodeNext",
      lib: ["ES2022", "esnext.decorators"],
      strict: true,
      paths: { toolwright: [join(repoRoot, "src/index.ts")] },
    },
    include: ["*.ts"],
  };
  writeFileSync(join(dir, "tsconfig.json"), JSON.stringify(tsconfig));
  writeFileSync(join(dir, "agent.ts"), agentSource("NotesAgent"));
  return dir;
}

async function run(args: readonly string[]): Promise<{ code: number; out: string; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(args, { out: (text) => out.push(text), err: (text) => err.push(text) });
  return { code, out: out.join("\n"), err: err.join("\n") };
}

async function until(check: () => boolean, what: string): Promise<void> {
  for (let waited = 0; waited < 20_000; waited += 50) {
    if (check()) return;
    await new Promise((done) => setTimeout(done, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

jest.setTimeout(90_000);

describe("issue 25: generate's first run", () => {
  it("writes beside the sources in a flat layout, with a correct plural and the exact import line", async () => {
    const dir = flatProject();
    const result = await run(["generate", "--project", join(dir, "tsconfig.json")]);
    expect(result.code).toBe(0);
    expect(existsSync(join(dir, "toolwright.generated.ts"))).toBe(true);
    expect(existsSync(join(dir, "src"))).toBe(false);
    expect(result.out).toMatch(/wrote 1 tool schema to .*toolwright\.generated\.ts$/m);
    expect(result.out).toContain('agent.ts:  import "./toolwright.generated.js";');
  });

  it("no longer prints the import line once a declaring file has it", async () => {
    const dir = flatProject();
    writeFileSync(join(dir, "agent.ts"), `import "./toolwright.generated.js";\n${agentSource("NotesAgent")}`);
    const result = await run(["generate", "--project", join(dir, "tsconfig.json")]);
    expect(result.code).toBe(0);
    expect(result.out).not.toContain("add this line");
  });

  it("writes into the sources' common folder and aims the import line from each declaring file", async () => {
    const dir = tempFolder();
    mkdirSync(join(dir, "src", "agents"), { recursive: true });
    writeFileSync(join(dir, "src", "a.ts"), agentSource("AAgent"));
    writeFileSync(join(dir, "src", "agents", "b.ts"), agentSource("BAgent"));
    const files = [join(dir, "src", "a.ts"), join(dir, "src", "agents", "b.ts")];
    const result = await generateSchemas({ files, project: join(repoRoot, "tsconfig.json"), cwd: dir });
    expect(result.out).toBe(join(dir, "src", "toolwright.generated.ts"));
    expect(result.missingImports.map((missing) => missing.line)).toEqual([
      'import "./toolwright.generated.js";',
      'import "../toolwright.generated.js";',
    ]);
  });

  it("keeps the JSDoc written inside an inline type literal on one line", async () => {
    const dir = flatProject();
    writeFileSync(
      join(dir, "agent.ts"),
      agentSource(
        "NotesAgent",
        "find(filter: { /** Words to look for. @minLength 2 */ words: string }) { return [filter]; }",
      ),
    );
    const result = await generateSchemas({ project: join(dir, "tsconfig.json"), cwd: dir });
    expect(result.issues).toEqual([]);
    expect(result.text).toContain('"description": "Words to look for."');
    expect(result.text).toContain('"minLength": 2');
  });

  it("--watch sees a save by rename (vim, JetBrains safe write, sed -i) and a new file", async () => {
    const dir = flatProject();
    const out = join(dir, "toolwright.generated.ts");
    const controller = new AbortController();
    const lines: string[] = [];
    const io = { out: (text: string) => lines.push(text), err: (text: string) => lines.push(text) };
    const command = {
      command: "generate" as const,
      files: [],
      project: join(dir, "tsconfig.json"),
      check: false,
      watch: true,
    };
    const watching = runGenerate(command, io, controller.signal);
    await until(() => existsSync(out), "the first run");
    const save = (file: string, text: string) => {
      // Write a sibling and rename it over the file, as safe-writing editors do: the file gets a new inode.
      writeFileSync(`${file}.tmp~`, text);
      renameSync(`${file}.tmp~`, file);
    };
    save(join(dir, "agent.ts"), agentSource("NotesAgent", "find(query: string, limit = 5) { return [query, limit]; }"));
    await until(() => readFileSync(out, "utf8").includes('"limit"'), "the first rename save");
    save(join(dir, "agent.ts"), agentSource("NotesAgent", "find(query: string, since = 1) { return [query, since]; }"));
    await until(() => readFileSync(out, "utf8").includes('"since"'), "the second rename save");
    writeFileSync(join(dir, "second.ts"), agentSource("SecondAgent"));
    await until(() => readFileSync(out, "utf8").includes('"SecondAgent.find"'), "the new file");
    controller.abort();
    expect(await watching).toBe(0);
  });
});
