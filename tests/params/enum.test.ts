import { ToolDefinitionError, p } from "toolwright";
import { definitionError, expectSchema } from "./expect-schema.js";

/** Calls p.enum with values its static type forbids, as JavaScript callers and casts can. */
function enumOfUnchecked(values: unknown): unknown {
  return (p.enum as (values: unknown) => unknown)(values);
}

describe("p.enum", () => {
  it("writes type string and the values when every value is a string", () => {
    expectSchema(p.enum(["celsius", "fahrenheit"]), { type: "string", enum: ["celsius", "fahrenheit"] });
  });

  it("writes type number when every value is a number", () => {
    expectSchema(p.enum([1, 2.5, 10]), { type: "number", enum: [1, 2.5, 10] });
  });

  it("writes type number, not integer, when every value is a whole number", () => {
    expectSchema(p.enum([1, 2, 3]), { type: "number", enum: [1, 2, 3] });
  });

  it("writes a type array in order of first appearance when strings and numbers are mixed", () => {
    expectSchema(p.enum(["auto", 0, 1]), { type: ["string", "number"], enum: ["auto", 0, 1] });
    expectSchema(p.enum([0, "auto"]), { type: ["number", "string"], enum: [0, "auto"] });
  });

  it("accepts a single value when the list has one entry", () => {
    expectSchema(p.enum(["only"]), { type: "string", enum: ["only"] });
  });

  it("sets the description when given the short form", () => {
    expectSchema(p.enum(["c", "f"], "Temperature unit"), {
      type: "string",
      enum: ["c", "f"],
      description: "Temperature unit",
    });
  });

  it("keeps its own copy of the values when the caller's array changes later", () => {
    const values: [string, ...string[]] = ["a", "b"];
    const schema = p.enum(values);
    values.push("c");
    expectSchema(schema, { type: "string", enum: ["a", "b"] });
  });

  it("throws a ToolDefinitionError saying non-empty when the list is empty", () => {
    const error = definitionError(() => enumOfUnchecked([]));
    expect(error).toBeInstanceOf(ToolDefinitionError);
    expect(error.message).toMatch(/p\.enum\(\) needs a non-empty array/);
  });

  it("throws a ToolDefinitionError naming the repeated list when a value repeats", () => {
    const error = definitionError(() => p.enum(["a", "b", "a"]));
    expect(error).toBeInstanceOf(ToolDefinitionError);
    expect(error.message).toBe('p.enum() values must be unique; got ["a","b","a"].');
  });

  it("throws a ToolDefinitionError when a number repeats", () => {
    expect(() => p.enum([1, 2, 1])).toThrow(new ToolDefinitionError("p.enum() values must be unique; got [1,2,1]."));
  });

  it.each([
    ["null", null, "null"],
    ["a boolean", true, "true"],
    ["an object", { a: 1 }, '{"a":1}'],
    ["NaN", Number.NaN, "NaN"],
    ["Infinity", Number.POSITIVE_INFINITY, "Infinity"],
    ["undefined", undefined, "undefined"],
    ["a BigInt", 1n, "1n"],
  ])("throws a ToolDefinitionError naming the bad value when a value is %s", (_what, bad, shown) => {
    const error = definitionError(() => enumOfUnchecked(["ok", bad]));
    expect(error).toBeInstanceOf(ToolDefinitionError);
    expect(error.message).toBe(`p.enum() values must be strings or finite numbers; got ${shown}.`);
  });

  it("throws a ToolDefinitionError when the values are not an array", () => {
    expect(() => enumOfUnchecked("a")).toThrow(ToolDefinitionError);
  });
});
