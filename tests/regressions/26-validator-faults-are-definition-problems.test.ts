import { BaseAgent, ToolDefinitionError, ToolRegistry } from "toolwright";
import { ArgumentValidator } from "../../src/schema/validator.js";
import { checkArguments } from "../../src/schema/check-arguments.js";

// A schema whose references come back to the same schema for the same value compiles, then overflows the stack on
// every call. The model was told "could not be validated ...; send plain JSON data" for plain, finite JSON.
const looping = {
  type: "object",
  $dynamicAnchor: "node",
  properties: { name: { type: "string" } },
  allOf: [{ $dynamicRef: "#node" }],
} as const;

describe("a validator that throws on plain JSON", () => {
  it("is a definition error at registration when the schema loops for every value", () => {
    const registry = new ToolRegistry();
    const register = () => registry.register("loop", () => "ran", { description: "Loop", inputSchema: looping });
    expect(register).toThrow(ToolDefinitionError);
    expect(register).toThrow(/cannot be compiled: validating it recurses without end/);
  });

  it("fails the compile step (the definition path of a call) for a schema that was never checked at registration", () => {
    expect(() => new ArgumentValidator().compile(looping)).toThrow(/recurses without end/);
  });

  it("is blamed on the schema, not the arguments, when it throws only for some values", () => {
    const schema = {
      type: "object",
      properties: { a: { allOf: [{ $ref: "#/properties/a" }] } },
    };
    const validator = new ArgumentValidator();
    expect(checkArguments(schema as never, {}, validator).issues).toEqual([]);
    expect(() => checkArguments(schema as never, { a: 1 }, validator)).toThrow(ToolDefinitionError);
    expect(() => checkArguments(schema as never, { a: 1 }, validator)).toThrow(
      /the tool's input schema cannot validate these arguments.*not in the arguments/,
    );
  });

  it("reaches the model as the tool's broken definition, not as arguments to fix", async () => {
    const registry = new ToolRegistry();
    const schema = { type: "object", properties: { a: { allOf: [{ $ref: "#/properties/a" }] } } };
    let runs = 0;
    registry.register("selfref", () => ++runs, { description: "Self-referencing schema", inputSchema: schema });
    class Caller extends BaseAgent {
      static override agentName = "selfref_caller";
    }
    const agent = new Caller({ registry });
    expect((await agent.callTool("selfref", {})).ok).toBe(true);
    const result = await agent.callTool("selfref", { a: 1 });
    expect(result.ok).toBe(false);
    expect(result.error?.code).toBe("INVALID_DEFINITION");
    expect(result.error?.message).toMatch(/its input schema is broken .*The arguments are not at fault\./);
    expect(result.error?.message).not.toMatch(/send plain JSON/);
    expect(runs).toBe(1);
    // The low-level dispatch throws a definition error at its caller, the developer.
    await expect(registry.dispatch("selfref", { a: 1 })).rejects.toThrow(ToolDefinitionError);
  });
});
