import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const repo = join(__dirname, "../..");

// A project run by the real tsx, whose tsconfig asks for legacy decorators: tsx (esbuild) honours
// experimentalDecorators but never emits design metadata, so @builtinTool parameters need descriptors or defaults.
const agentSource = `
import "reflect-metadata";
import { BaseAgent, ToolDefinitionError, ToolRegistry, builtinTool, p, tool } from "toolwright";

class Files extends BaseAgent {
  @tool({ description: "Search", params: { pattern: p.string() } })
  search({ pattern }: { pattern: string }) { return "search:" + pattern; }

  @builtinTool({ description: "Delete a file", params: { path: p.string() } })
  remove(path: string, force: boolean = false) { return path + ":" + force; }
}

class Untyped extends BaseAgent {
  @builtinTool({ description: "Delete a file" })
  remove(path: string) { return path; }
}

const files = new Files({ registry: new ToolRegistry() });
const search = await files.callTool("search", { pattern: "*.ts" });
const remove = await files.callTool("remove", { path: "a.txt" });
let error = "";
try {
  new Untyped({ registry: new ToolRegistry() });
} catch (caught) {
  error = caught instanceof ToolDefinitionError ? caught.message : String(caught);
}
console.log(JSON.stringify({ search: search.content, remove: remove.content, error }));
`;

describe("agents run by tsx in legacy mode", () => {
  const dir = mkdtempSync(join(tmpdir(), "toolwright-tsx-legacy-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("calls tools, and asks for descriptors when a builtin parameter has no type, when tsx runs the agent", () => {
    writeFileSync(join(dir, "package.json"), JSON.stringify({ type: "module" }));
    writeFileSync(
      join(dir, "tsconfig.json"),
      JSON.stringify({
        compilerOptions: {
          target: "ES2022",
          module: "NodeNext",
          experimentalDecorators: true,
          emitDecoratorMetadata: true,
          paths: {
            toolwright: [join(repo, "src/index.ts")],
            "reflect-metadata": [join(repo, "node_modules/reflect-metadata/Reflect.js")],
          },
        },
      }),
    );
    writeFileSync(join(dir, "agent.ts"), agentSource);
    const stdout = execFileSync(process.execPath, [join(repo, "node_modules/tsx/dist/cli.mjs"), "agent.ts"], {
      cwd: dir,
      encoding: "utf8",
    });
    const output = JSON.parse(stdout) as { search: string; remove: string; error: string };
    expect(output.search).toBe("search:*.ts");
    expect(output.remove).toBe("a.txt:false");
    expect(output.error).toMatch(/parameter "path" has no descriptor and its type cannot be known/);
    expect(output.error).toMatch(/emitted no design:paramtypes/);
  }, 60_000);
});
