import { ToolRegistry } from "toolwright";

// ajv refuses a second schema whose `$id` it already holds; it cached the schema before refusing, so the second tool's
// first call failed (INVALID_DEFINITION) and a later call ran against whatever ajv had kept.
describe("two tools whose schemas share a root $id in one registry", () => {
  const schema = (type: string) => ({
    $id: "https://example.com/tool-input.json",
    type: "object",
    properties: { v: { $ref: "#/$defs/value" } },
    required: ["v"],
    $defs: { value: { type } },
  });

  it("each validate against their own schema from the first call", async () => {
    const registry = new ToolRegistry();
    registry.register("numbers", () => "ran", { description: "Numbers", inputSchema: schema("number") });
    registry.register("strings", () => "ran", { description: "Strings", inputSchema: schema("string") });

    expect((await registry.dispatch("numbers", { v: 1 })).ok).toBe(true);
    expect((await registry.dispatch("strings", { v: "a" })).ok).toBe(true);
    await expect(registry.dispatch("strings", { v: 1 })).rejects.toThrow(/must be string/);
    await expect(registry.dispatch("numbers", { v: "a" })).rejects.toThrow(/must be number/);
  });

  it("may also share a nested $id", async () => {
    const nested = (type: string) => ({
      type: "object",
      properties: { v: { $ref: "https://example.com/value.json" } },
      $defs: { value: { $id: "https://example.com/value.json", type } },
    });
    const registry = new ToolRegistry();
    registry.register("a", () => "ran", { description: "A", inputSchema: nested("number") });
    registry.register("b", () => "ran", { description: "B", inputSchema: nested("string") });
    expect((await registry.dispatch("a", { v: 1 })).ok).toBe(true);
    expect((await registry.dispatch("b", { v: "x" })).ok).toBe(true);
    await expect(registry.dispatch("b", { v: 1 })).rejects.toThrow(/must be string/);
  });
});
