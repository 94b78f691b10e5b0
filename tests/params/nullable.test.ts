import { p } from "toolwright";
import { expectSchema } from "./expect-schema.js";

describe("p.nullable", () => {
  it.each([
    ["string", p.string(), "string"],
    ["number", p.number(), "number"],
    ["integer", p.integer(), "integer"],
    ["boolean", p.boolean(), "boolean"],
  ] as const)("writes type [%s, null] when the inner kind is a simple %s", (_kind, inner, type) => {
    expectSchema(p.nullable(inner), { type: [type, "null"] });
  });

  it("keeps the inner keywords beside the type array when the inner kind has options", () => {
    expectSchema(p.nullable(p.string({ minLength: 1, format: "email" })), {
      type: ["string", "null"],
      minLength: 1,
      format: "email",
    });
  });

  it("adds null to the values and the type when the inner kind is a string enum", () => {
    expectSchema(p.nullable(p.enum(["low", "high"])), { type: ["string", "null"], enum: ["low", "high", null] });
  });

  it("adds null to the values and the type when the inner kind is a number enum", () => {
    expectSchema(p.nullable(p.enum([1, 2])), { type: ["number", "null"], enum: [1, 2, null] });
  });

  it("wraps in anyOf when the inner kind is a mixed enum", () => {
    expectSchema(p.nullable(p.enum(["auto", 0])), {
      anyOf: [{ type: ["string", "number"], enum: ["auto", 0] }, { type: "null" }],
    });
  });

  it("wraps in anyOf, keeping const, when the inner kind is a literal", () => {
    expectSchema(p.nullable(p.literal("x")), { anyOf: [{ type: "string", const: "x" }, { type: "null" }] });
  });

  it("writes type [array, null] with the items when the inner kind is an array", () => {
    expectSchema(p.nullable(p.array(p.string(), { minItems: 1 })), {
      type: ["array", "null"],
      items: { type: "string" },
      minItems: 1,
    });
  });

  it("writes type [object, null] with the properties when the inner kind is an object", () => {
    expectSchema(p.nullable(p.object({ a: p.string(), b: p.integer().optional() })), {
      type: ["object", "null"],
      properties: { a: { type: "string" }, b: { type: "integer" } },
      required: ["a"],
      additionalProperties: false,
    });
  });

  it("writes type [object, null] with additionalProperties when the inner kind is a record", () => {
    expectSchema(p.nullable(p.record(p.string())), {
      type: ["object", "null"],
      additionalProperties: { type: "string" },
    });
  });

  it("wraps in anyOf when the inner kind is a union", () => {
    expectSchema(p.nullable(p.union([p.string(), p.integer()])), {
      anyOf: [{ anyOf: [{ type: "string" }, { type: "integer" }] }, { type: "null" }],
    });
  });

  it("wraps in anyOf with an empty schema when the inner kind is any", () => {
    expectSchema(p.nullable(p.any()), { anyOf: [{}, { type: "null" }] });
  });

  it("wraps in anyOf when the inner kind is already nullable", () => {
    expectSchema(p.nullable(p.nullable(p.string())), { anyOf: [{ type: ["string", "null"] }, { type: "null" }] });
  });

  it("moves the inner description to the outside when only the inner kind is described", () => {
    expectSchema(p.nullable(p.string("Middle name")), { type: ["string", "null"], description: "Middle name" });
    expectSchema(p.nullable(p.literal(1, "One")), {
      anyOf: [{ type: "integer", const: 1 }, { type: "null" }],
      description: "One",
    });
  });

  it("uses the outer description when both are described", () => {
    expectSchema(p.nullable(p.string("inner"), "outer"), { type: ["string", "null"], description: "outer" });
    expectSchema(p.nullable(p.union([p.string(), p.integer()], "inner"), { description: "outer" }), {
      anyOf: [{ anyOf: [{ type: "string" }, { type: "integer" }] }, { type: "null" }],
      description: "outer",
    });
  });

  it("keeps the inner descriptor unchanged when wrapping it", () => {
    const inner = p.string("Middle name");
    p.nullable(inner, "outer");
    expectSchema(inner, { type: "string", description: "Middle name" });
  });

  it("accepts a null default when the wrapped descriptor is defaulted", () => {
    expectSchema(p.nullable(p.string()).default(null), { type: ["string", "null"], default: null });
  });
});

describe("p.nullable of an optional or defaulted descriptor", () => {
  it("stays optional, so the key is left out of required", () => {
    const schema = p.object({ nick: p.nullable(p.string().optional()), name: p.string() });
    expect(schema.required).toEqual(["name"]);
  });

  it("stays defaulted, keeping the default in the schema", () => {
    const schema = p.object({ unit: p.nullable(p.string().default("c")) });
    expect(schema.required).toBeUndefined();
    expect(schema.properties.unit).toEqual({ type: ["string", "null"], default: "c" });
  });
});
