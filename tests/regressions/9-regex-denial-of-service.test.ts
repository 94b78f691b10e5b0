import { BaseAgent, ToolDefinitionError, ToolRegistry, p, tool } from "toolwright";

describe("a catastrophic pattern on a model's string", () => {
  it("is not matched when the string already breaks maxLength", async () => {
    const registry = new ToolRegistry();
    class Slow extends BaseAgent {
      @tool({ description: "Match", params: { s: p.string({ pattern: "^(a+)+$", maxLength: 10 }) } })
      match() {
        return "ran";
      }
    }
    const agent = new Slow({ registry });
    // Short enough that a backtracking engine still finishes on the code before the fix (in about 0.1 s).
    const result = await agent.callTool("match", { s: "a".repeat(22) + "!" });
    expect(result.error?.issues?.map((issue) => issue.keyword)).toEqual(["maxLength"]);
  });

  it("is matched by a linear-time engine, which refuses lookahead at registration", () => {
    const registry = new ToolRegistry();
    expect(() =>
      registry.register("remote", () => "ran", {
        description: "Remote",
        inputSchema: { type: "object", properties: { s: { type: "string", pattern: "^(?=a)(a+)+$" } } },
      }),
    ).toThrow(ToolDefinitionError);
  });

  it("finishes on a long string when the schema is raw, as importMcpTools registers it", async () => {
    const registry = new ToolRegistry();
    registry.register("remote", () => "ran", {
      description: "Remote",
      inputSchema: { type: "object", properties: { s: { type: "string", pattern: "^(a|aa)+$" } } },
    });
    class Client extends BaseAgent {}
    const result = await new Client({ registry }).callTool("remote", { s: "a".repeat(20_000) + "!" });
    expect(result.outcome).toBe("invalid_arguments");
  });
});
