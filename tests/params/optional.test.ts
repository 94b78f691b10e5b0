import { p } from "toolwright";
import { shapeToJsonSchema } from "../../src/params/to-json-schema.js";
import { expectSchema } from "./expect-schema.js";

describe("optional", () => {
  it("leaves the descriptor's own schema unchanged when made optional with .optional()", () => {
    expectSchema(p.string({ minLength: 1 }).optional(), { type: "string", minLength: 1 });
  });

  it("gives the same schema as .optional() when made optional with p.optional()", () => {
    const viaFunction = p.optional(p.integer("Count"));
    const viaMethod = p.integer("Count").optional();
    expect(viaFunction).toEqual(viaMethod);
    expect(shapeToJsonSchema({ n: viaFunction })).toEqual(shapeToJsonSchema({ n: viaMethod }));
  });

  it("drops the key from required when a shape key is made optional", () => {
    expect(shapeToJsonSchema({ a: p.string(), b: p.optional(p.string()) }).required).toEqual(["a"]);
  });

  it("returns a new frozen descriptor and leaves the original required when made optional", () => {
    const base = p.string();
    const optional = base.optional();
    expect(optional).not.toBe(base);
    expect(Object.isFrozen(optional)).toBe(true);
    expect(shapeToJsonSchema({ a: base }).required).toEqual(["a"]);
  });

  it("stays optional when described or defaulted afterwards", () => {
    const shape = { a: p.string().optional().describe("A"), b: p.integer().optional().default(1), c: p.boolean() };
    expect(shapeToJsonSchema(shape).required).toEqual(["c"]);
    expectSchema(shape.a, { type: "string", description: "A" });
    expectSchema(shape.b, { type: "integer", default: 1 });
  });

  it("is optional when applied twice", () => {
    expect(shapeToJsonSchema({ a: p.optional(p.string().optional()) })).toEqual({
      type: "object",
      properties: { a: { type: "string" } },
      additionalProperties: false,
    });
  });

  it("marks complex kinds optional without changing their schema when made optional", () => {
    expectSchema(p.optional(p.array(p.object({ x: p.number() }))), {
      type: "array",
      items: { type: "object", properties: { x: { type: "number" } }, required: ["x"], additionalProperties: false },
    });
    expectSchema(p.optional(p.union([p.string(), p.boolean()])), { anyOf: [{ type: "string" }, { type: "boolean" }] });
  });
});
