import { z } from "zod";
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

describe("a Standard Schema whose validation throws", () => {
  it("rejects the arguments instead of the call", async () => {
    const schema = z.object({ json: z.string().transform((s) => JSON.parse(s) as unknown) });
    class Parser extends BaseAgent {
      @tool({ description: "Parse", params: schema })
      parse({ json }: z.infer<typeof schema>) {
        return json;
      }
    }
    const agent = new Parser({ registry: new ToolRegistry() });
    const result = await agent.callTool("parse", { json: "{not json" });
    expect(result.outcome).toBe("invalid_arguments");
    expect(result.error?.message).toMatch(/was rejected by the tool's schema/);
    expect((await agent.callTool("parse", { json: '{"a":1}' })).content).toEqual({ a: 1 });
  });
});

describe("ToolRegistry.dispatch of a Standard Schema tool with a transform", () => {
  it("validates once, so the handler gets the transformed value", async () => {
    const registry = new ToolRegistry();
    registry.register("len", ({ when }: { when: number }) => when, {
      description: "Length",
      params: z.object({ when: z.string().transform((s) => s.length) }),
    });
    expect((await registry.dispatch("len", { when: "abcd" })).content).toBe(4);
  });
});
