import { ToolDefinitionError, p } from "toolwright";
import { definitionError, expectSchema } from "./expect-schema.js";

/** Calls p.object with a shape its static type forbids, as JavaScript callers and casts can. */
function objectOfUnchecked(shape: unknown): unknown {
  return (p.object as (shape: unknown) => unknown)(shape);
}

describe("p.object", () => {
  it("is a closed object listing every key as required when no key is optional", () => {
    expectSchema(p.object({ street: p.string(), zip: p.string() }), {
      type: "object",
      properties: { street: { type: "string" }, zip: { type: "string" } },
      required: ["street", "zip"],
      additionalProperties: false,
    });
  });

  it("lists required keys in shape order when keys are declared out of alphabetical order", () => {
    expect(p.object({ b: p.string(), a: p.string(), c: p.string() }).required).toEqual(["b", "a", "c"]);
  });

  it("leaves optional and defaulted keys out of required when the shape has them", () => {
    expectSchema(p.object({ street: p.string(), zip: p.string().optional(), country: p.string().default("NL") }), {
      type: "object",
      properties: { street: { type: "string" }, zip: { type: "string" }, country: { type: "string", default: "NL" } },
      required: ["street"],
      additionalProperties: false,
    });
  });

  it("omits required when every key is optional", () => {
    expectSchema(p.object({ a: p.optional(p.string()), b: p.integer().default(1) }), {
      type: "object",
      properties: { a: { type: "string" }, b: { type: "integer", default: 1 } },
      additionalProperties: false,
    });
  });

  it("is an empty closed object when the shape is empty", () => {
    expectSchema(p.object({}), { type: "object", properties: {}, additionalProperties: false });
  });

  it("sets the description when given the short form", () => {
    expectSchema(p.object({ street: p.string() }, "Postal address"), {
      type: "object",
      properties: { street: { type: "string" } },
      required: ["street"],
      additionalProperties: false,
      description: "Postal address",
    });
  });

  it("keeps title and examples when given common options", () => {
    expectSchema(p.object({ x: p.number() }, { title: "Point", examples: [{ x: 1 }] }), {
      type: "object",
      properties: { x: { type: "number" } },
      required: ["x"],
      additionalProperties: false,
      title: "Point",
      examples: [{ x: 1 }],
    });
  });

  it("places each property's descriptor itself when assembling", () => {
    const street = p.string();
    expect(p.object({ street }).properties.street).toBe(street);
  });

  it("throws a ToolDefinitionError naming the key and the value when a value is a raw schema", () => {
    const error = definitionError(() => objectOfUnchecked({ ok: p.string(), city: { type: "string" } }));
    expect(error).toBeInstanceOf(ToolDefinitionError);
    expect(error.message).toBe(
      'p.object(): "city" is not a descriptor. Use p.string(), p.integer(), ... (got {"type":"string"}).',
    );
  });

  it("throws a ToolDefinitionError naming the builder when a descriptor builder is passed uncalled", () => {
    const error = definitionError(() => objectOfUnchecked({ city: p.string }));
    expect(error).toBeInstanceOf(ToolDefinitionError);
    expect(error.message).toContain('"city" is not a descriptor');
    expect(error.message).toContain("got a function (string)");
  });

  it.each([
    ["undefined", undefined, "undefined"],
    ["null", null, "null"],
    ["a string", "string", '"string"'],
    ["a BigInt", 10n, "10n"],
  ])("throws a ToolDefinitionError when a value is %s", (_what, bad, shown) => {
    const error = definitionError(() => objectOfUnchecked({ field: bad }));
    expect(error).toBeInstanceOf(ToolDefinitionError);
    expect(error.message).toContain(`"field" is not a descriptor`);
    expect(error.message).toContain(`(got ${shown})`);
  });

  it("throws a ToolDefinitionError when a value is a spread copy of a descriptor", () => {
    const copy: unknown = { ...p.string(), minLength: 1 };
    const error = definitionError(() => objectOfUnchecked({ name: copy }));
    expect(error).toBeInstanceOf(ToolDefinitionError);
    expect(error.message).toContain('"name" is not a descriptor');
  });

  it.each([
    ["null", null],
    ["an array", [p.string()]],
    ["a string", "city"],
  ])("throws a ToolDefinitionError asking for an object of descriptors when the shape is %s", (_what, shape) => {
    const error = definitionError(() => objectOfUnchecked(shape));
    expect(error).toBeInstanceOf(ToolDefinitionError);
    expect(error.message).toBe("p.object(): expected an object of descriptors such as { city: p.string() }.");
  });
});
