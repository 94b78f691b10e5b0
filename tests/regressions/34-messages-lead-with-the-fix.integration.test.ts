import { writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { BaseAgent, ToolDefinitionError, ToolRegistry, builtinTool } from "toolwright";
import { checkAllowedAgents, knownAgent } from "../../src/cli/allowed-agents-check.js";
import { generateSchemas } from "../../src/generate/generate.js";
import { tempFolders } from "../support/temp-folders.js";

// Issue 34: three definition messages led with a fix that did not apply.
// An integration suite: the last case runs the TypeScript compiler over a project of its own.

const repoRoot = resolve(__dirname, "../..");
const firstSentence = (message: string): string => /^.*?[.?](?= |$)/.exec(message)?.[0] ?? message;

jest.setTimeout(90_000);

describe("issue 34: definition messages lead with the fix", () => {
  // The project folder of the generate case, removed once the suite is done.
  const tempFolder = tempFolders("toolwright-34-");

  it("a @builtinTool parameter without a descriptor leads with params: { name: p.string() }", () => {
    // Before: `... parameter "query" has no descriptor (to read it from the method's type, run `npx toolwright
    // generate` ...). ... If this code is minified or its source is unavailable, pass `positional: [...]`.`
    class Search extends BaseAgent {
      @builtinTool({ description: "Search" })
      find(query: string) {
        return query;
      }
    }
    let message = "";
    try {
      new Search({ registry: new ToolRegistry() });
    } catch (error) {
      expect(error).toBeInstanceOf(ToolDefinitionError);
      message = (error as Error).message;
    }
    expect(firstSentence(message)).toBe(
      '@builtinTool Search.find: parameter "query" needs a descriptor: params: { query: p.string() } (or the p.* of its type).',
    );
    expect(message).not.toContain("minified");
    expect(message).toContain("npx toolwright generate");
  });

  it("allowedAgents close to an agent named after its class leads with static agentName, not the class name", () => {
    // Before: `allowedAgents names "math_agent", which is no agent here (found the agents "MathAgent"), so no agent
    // can use "add"; did you mean "MathAgent"?` — and allowedAgents: ["MathAgent"] is refused by the constructor.
    class MathAgent extends BaseAgent {}
    class NamedAgent extends BaseAgent {
      static override agentName = "named_agent";
    }
    const registry = new ToolRegistry();
    const agents = [knownAgent(new MathAgent({ registry })), knownAgent(new NamedAgent({ registry }))];
    const [finding] = checkAllowedAgents([{ name: "add", allowedAgents: ["math_agent"] }], agents);
    expect(firstSentence(finding!.message)).toBe(
      'Add `static agentName = "math_agent"` to class MathAgent: it has no agentName, so its name is its class name "MathAgent", which minifiers change.',
    );
    expect(finding!.message).not.toContain("did you mean");
    // A typo of a name the class gives itself still gets the closest name.
    const [typo] = checkAllowedAgents([{ name: "add", allowedAgents: ["named_agnet"] }], agents);
    expect(typo!.message).toMatch(/did you mean "named_agent"\?$/);
  });

  it("generate asks for the import only in files whose tools need the generated module", async () => {
    // Before: every file declaring a decorated method was told to import the module, also one whose tools give their
    // description and params (importing it there added output schemas and two inspect warnings).
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
    writeFileSync(
      join(dir, "needs.ts"),
      `import { BaseAgent, builtinTool } from "toolwright";
export class NeedsAgent extends BaseAgent {
  /** Find notes. */
  @builtinTool()
  find(query: string) { return [query]; }
}
`,
    );
    writeFileSync(
      join(dir, "complete.ts"),
      `import { BaseAgent, builtinTool, p, tool } from "toolwright";
export class CompleteAgent extends BaseAgent {
  @tool({ description: "Add", params: { a: p.number(), b: p.number() } })
  add({ a, b }: { a: number; b: number }): number { return a + b; }
  @builtinTool({ description: "Greet", params: { name: p.string() } })
  greet(name: string, loud = false) { return loud ? name.toUpperCase() : name; }
}
`,
    );
    const result = await generateSchemas({ project: join(dir, "tsconfig.json"), cwd: dir });
    expect(result.issues).toEqual([]);
    expect(result.missingImports.map((missing) => missing.file)).toEqual([join(dir, "needs.ts")]);
  });
});
