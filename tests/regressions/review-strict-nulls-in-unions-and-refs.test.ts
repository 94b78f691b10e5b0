import { BaseAgent, ToolRegistry, p, toOpenAITools, tool } from "toolwright";

// OpenAI strict mode makes optional fields required and nullable also inside unions and $refs; the model then sends
// null for them, and the handler must see them as absent, as under every other provider.
describe("null for an omitted optional field inside a union or a $ref", () => {
  it("reaches the handler as absent inside a union branch", async () => {
    class Files extends BaseAgent {
      @tool({
        description: "Open a target",
        params: {
          target: p.union([p.object({ path: p.string(), mode: p.string().optional() }), p.object({ url: p.string() })]),
        },
      })
      open({ target }: { target: { path: string; mode?: string } | { url: string } }) {
        return target;
      }
    }
    const agent = new Files({ registry: new ToolRegistry() });
    const [exported] = toOpenAITools(agent.toolSpecs(), { strict: true });
    expect(exported?.function.strict).toBe(true);
    const result = await agent.callTool("open", { target: { path: "a", mode: null } });
    expect(result).toMatchObject({ ok: true, content: { path: "a" } });
  });

  it("reaches the handler as absent behind a $ref", async () => {
    const registry = new ToolRegistry();
    registry.register("r", (args) => args, {
      description: "Ref",
      inputSchema: {
        type: "object",
        $defs: { Opt: { type: "object", properties: { depth: { type: "integer" } }, additionalProperties: false } },
        properties: { opt: { $ref: "#/$defs/Opt" }, name: { type: "string" } },
        required: ["name"],
        additionalProperties: false,
      },
    });
    class Plain extends BaseAgent {}
    const result = await new Plain({ registry }).callTool("r", { name: "x", opt: null });
    expect(result).toMatchObject({ ok: true, content: { name: "x" } });
  });

  it("still rejects null for a required field that does not accept it", async () => {
    const registry = new ToolRegistry();
    registry.register("need", (args) => args, { description: "Need", params: { name: p.string() } });
    class Plain extends BaseAgent {}
    const result = await new Plain({ registry }).callTool("need", { name: null });
    expect(result.outcome).toBe("invalid_arguments");
  });
});
