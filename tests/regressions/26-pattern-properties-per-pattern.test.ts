import { ToolRegistry, ToolValidationError } from "toolwright";

// ajv keeps each compiled patternProperties regexp under its toString(), per ajv instance (one per registry): when every
// RE2 pattern answered the same string, every later pattern ran as the first one compiled, across tools.
describe("patternProperties in two tools of one registry", () => {
  const closed = (pattern: string) => ({
    type: "object",
    properties: {
      tags: { type: "object", patternProperties: { [pattern]: { type: "string" } }, additionalProperties: false },
    },
  });

  it("checks each tool's keys against its own pattern", async () => {
    const registry = new ToolRegistry();
    registry.register("letters", () => "ran", { description: "Letters", inputSchema: closed("^[a-z]+$") });
    registry.register("digits", () => "ran", { description: "Digits", inputSchema: closed("^[0-9]+$") });

    expect((await registry.dispatch("letters", { tags: { abc: "x" } })).ok).toBe(true);
    expect((await registry.dispatch("digits", { tags: { "123": "x" } })).ok).toBe(true);
    await expect(registry.dispatch("digits", { tags: { abc: "x" } })).rejects.toThrow(ToolValidationError);
    await expect(registry.dispatch("letters", { tags: { "123": "x" } })).rejects.toThrow(ToolValidationError);
  });

  it("checks two patterns of one schema each on its own", async () => {
    const registry = new ToolRegistry();
    registry.register("both", () => "ran", {
      description: "Both",
      inputSchema: { type: "object", patternProperties: { "^a": { type: "integer" }, "^b": { type: "string" } } },
    });
    expect((await registry.dispatch("both", { a1: 1, b1: "x" })).ok).toBe(true);
    await expect(registry.dispatch("both", { b1: 1 })).rejects.toThrow(ToolValidationError);
  });
});
