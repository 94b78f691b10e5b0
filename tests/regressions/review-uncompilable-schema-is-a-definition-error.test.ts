import { BaseAgent, ToolDefinitionError, ToolRegistry, p, tool } from "toolwright";

describe("schemas that pass the meta-schema but cannot compile", () => {
  it("are a definition error at registration, not a throw from callTool", () => {
    const registry = new ToolRegistry();
    const register = () =>
      registry.register("f", () => "ran", {
        description: "f",
        inputSchema: { type: "object", properties: { a: { $ref: "#/$defs/Missing" } } },
      });
    expect(register).toThrow(ToolDefinitionError);
    expect(register).toThrow(/register\("f"\): the input schema cannot be compiled/);
  });

  it("come back as a failed result, never a throw, when a descriptor's pattern cannot compile", async () => {
    class Odd extends BaseAgent {
      @tool({ description: "Odd", params: { s: p.string({ pattern: "\\p{NoSuchProperty}" }) } })
      odd() {}
    }
    const agent = new Odd({ registry: new ToolRegistry() });
    const call = agent.callTool("odd", { s: "x" });
    await expect(call).resolves.toMatchObject({ ok: false, outcome: "failed", error: { code: "INVALID_DEFINITION" } });
  });
});
