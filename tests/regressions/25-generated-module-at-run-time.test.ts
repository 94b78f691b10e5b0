import { BaseAgent, ToolDefinitionError, ToolRegistry, builtinTool, registerGeneratedSchemas, tool } from "toolwright";

const registry = () => ({ registry: new ToolRegistry() });

describe("issue 25: the generated module at run time", () => {
  it("names the missing generated module and its import line, not only the JSDoc, when nothing was imported", () => {
    class ForgotImportAgent extends BaseAgent {
      /** Find notes. (Only `toolwright generate` can read this comment.) */
      @tool()
      find({ query }: { query: string }) {
        return query;
      }
    }
    const thrown = (() => {
      try {
        new ForgotImportAgent(registry());
      } catch (error) {
        return error as Error;
      }
      return undefined;
    })();
    expect(thrown).toBeInstanceOf(ToolDefinitionError);
    expect(thrown?.message).toContain("no generated module has been imported");
    expect(thrown?.message).toContain('import "./toolwright.generated.js";');
    expect(thrown?.message).toContain("new ForgotImportAgent()");
  });

  it("reports a @builtinTool default changed in the method after generating (10 became 20) as stale", () => {
    registerGeneratedSchemas({
      version: 1,
      tools: {
        "StaleBuiltinAgent.list": {
          kind: "builtin",
          description: "List notes.",
          parameters: ["limit"],
          inputSchema: {
            type: "object",
            properties: { limit: { type: "number", default: 10 } },
            additionalProperties: false,
          },
        },
      },
    });
    class StaleBuiltinAgent extends BaseAgent {
      @builtinTool()
      list(limit = 20) {
        return limit;
      }
    }
    expect(() => new StaleBuiltinAgent(registry())).toThrow(
      /"limit" defaults to 20 in the method but the generated schema has the default 10; it is stale/,
    );
  });

  it("reports a @tool destructuring default changed after generating as stale, and accepts a current one", async () => {
    const tools = (limit: number) => ({
      kind: "tool" as const,
      description: "Search notes.",
      inputSchema: {
        type: "object" as const,
        properties: { query: { type: "string" }, limit: { type: "number", default: limit } },
        required: ["query"],
        additionalProperties: false as const,
      },
    });
    registerGeneratedSchemas({ version: 1, tools: { "StaleToolAgent.search": tools(10) } });
    class StaleToolAgent extends BaseAgent {
      @tool()
      search({ query, limit = 20 }: { query: string; limit?: number }) {
        return `${query}:${limit}`;
      }
    }
    expect(() => new StaleToolAgent(registry())).toThrow(/"limit" defaults to 20 in the method .* default 10/);

    registerGeneratedSchemas({ version: 1, tools: { "CurrentToolAgent.search": tools(20) } });
    class CurrentToolAgent extends BaseAgent {
      @tool()
      search({ query, limit = 20 }: { query: string; limit?: number }) {
        return `${query}:${limit}`;
      }
    }
    expect((await new CurrentToolAgent(registry()).callTool("search", { query: "q" })).content).toBe("q:20");
  });
});
