import {
  BaseAgent,
  type GeneratedTool,
  ToolRegistry,
  builtinTool,
  p,
  registerGeneratedSchemas,
  tool,
} from "toolwright";

const searchSchema: GeneratedTool = {
  kind: "builtin",
  description: "Search for files.",
  parameters: ["pattern", "maxResults"],
  inputSchema: {
    type: "object",
    properties: {
      pattern: { type: "string", description: "Glob pattern" },
      maxResults: { type: "integer", minimum: 1, default: 10 },
    },
    required: ["pattern"],
    additionalProperties: false,
  },
};

const registry = () => ({ registry: new ToolRegistry() });

describe("registerGeneratedSchemas", () => {
  it("gives a decorated method without params its generated schema and description when one was registered", async () => {
    registerGeneratedSchemas({ version: 1, tools: { "GenSearchAgent.search": searchSchema } });
    class GenSearchAgent extends BaseAgent {
      @builtinTool()
      search(pattern: string, maxResults = 10) {
        return `${pattern}:${maxResults}`;
      }
    }
    const agent = new GenSearchAgent(registry());
    expect(agent.toolSpecs()[0]).toEqual({ name: "search", ...searchSchema, kind: undefined, parameters: undefined });
    expect((await agent.callTool("search", { pattern: "*.ts" })).content).toBe("*.ts:10");
    expect((await agent.callTool("search", { pattern: "*.ts", maxResults: 0 })).error?.code).toBe("INVALID_ARGUMENTS");
  });

  it("lets declared descriptors win and keeps the rest generated when a method mixes both", () => {
    registerGeneratedSchemas({ version: 1, tools: { "MixedAgent.search": searchSchema } });
    class MixedAgent extends BaseAgent {
      @builtinTool({ params: { pattern: p.string({ minLength: 1 }) } })
      search(pattern: string, maxResults = 10) {
        return `${pattern}:${maxResults}`;
      }
    }
    const { inputSchema } = new MixedAgent(registry()).toolSpecs()[0]!;
    expect(inputSchema.properties).toEqual({
      pattern: { type: "string", minLength: 1 },
      maxResults: { type: "integer", minimum: 1, default: 10 },
    });
    expect(inputSchema.required).toEqual(["pattern"]);
  });

  it("throws when a declared descriptor's type disagrees with the generated one", () => {
    registerGeneratedSchemas({ version: 1, tools: { "CrossAgent.search": searchSchema } });
    class CrossAgent extends BaseAgent {
      @builtinTool({ params: { pattern: p.integer() } })
      search(pattern: string, maxResults = 10) {
        return `${pattern}:${maxResults}`;
      }
    }
    expect(() => new CrossAgent(registry())).toThrow(
      /"pattern" is declared as integer but the method's type says string/,
    );
  });

  it("throws naming the command when the generated parameters no longer match the method", () => {
    registerGeneratedSchemas({ version: 1, tools: { "StaleAgent.search": searchSchema } });
    class StaleAgent extends BaseAgent {
      @builtinTool()
      search(glob: string, maxResults = 10) {
        return `${glob}:${maxResults}`;
      }
    }
    expect(() => new StaleAgent(registry())).toThrow(/it is stale\. Run `npx toolwright generate`/);
  });

  it("throws naming the command when a method with a parameter has neither params nor a generated schema", () => {
    class UngeneratedAgent extends BaseAgent {
      @tool({ description: "Find notes" })
      find(args: { query: string }) {
        return args.query;
      }

      /** Not read at run time: only the generator reads JSDoc. */
      @builtinTool()
      remove(path: string) {
        return path;
      }
    }
    expect(() => new UngeneratedAgent(registry())).toThrow(/npx toolwright generate/);
  });

  it("throws when a second module registers another schema for the same class and method", () => {
    registerGeneratedSchemas({ version: 1, tools: { "TwiceAgent.search": searchSchema } });
    expect(() => registerGeneratedSchemas({ version: 1, tools: { "TwiceAgent.search": searchSchema } })).not.toThrow();
    const other = { ...searchSchema, description: "Another class of the same name." };
    expect(() => registerGeneratedSchemas({ version: 1, tools: { "TwiceAgent.search": other } })).toThrow(
      /two generated modules hold different schemas for TwiceAgent\.search/,
    );
  });
});
