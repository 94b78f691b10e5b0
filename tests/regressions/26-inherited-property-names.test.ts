import { ToolRegistry, ToolValidationError } from "toolwright";

// ajv read `data.constructor !== undefined` for `required` and `properties`: a name every object inherits counted as
// present when the model left it out, and its inherited function was validated as the value.
describe("parameters named after Object.prototype members", () => {
  const registry = new ToolRegistry();
  registry.register("inherited", () => "ran", {
    description: "Inherited names",
    inputSchema: {
      type: "object",
      properties: { constructor: { type: "string" }, toString: { type: "string" }, valueOf: { type: "number" } },
      required: ["constructor"],
    },
  });

  it("are missing when the model leaves them out", async () => {
    const error = await registry.dispatch("inherited", {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ToolValidationError);
    expect((error as ToolValidationError).issues).toEqual([
      expect.objectContaining({ path: "/constructor", keyword: "required" }),
    ]);
  });

  it("are not validated from the prototype when optional and absent", async () => {
    expect((await registry.dispatch("inherited", { constructor: "c" })).ok).toBe(true);
    expect((await registry.dispatch("inherited", '{"constructor":"c","valueOf":2}')).ok).toBe(true);
  });

  it("get their default when the model leaves them out", async () => {
    const withDefault = new ToolRegistry();
    withDefault.register("d", (args: Record<string, unknown>) => ({ ...args }), {
      description: "Default",
      inputSchema: { type: "object", properties: { toString: { type: "string", default: "fallback" } } },
    });
    expect((await withDefault.dispatch("d", {})).content).toEqual({ toString: "fallback" });
  });
});
