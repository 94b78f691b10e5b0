import { p } from "toolwright";
import { isParam } from "../../src/params/param.js";
import { shapeToJsonSchema } from "../../src/params/to-json-schema.js";
import { METHODS, expectSchema, oneOfEachKind, ownKeys } from "./expect-schema.js";

const kinds = Object.entries(oneOfEachKind());

describe("descriptor combinations", () => {
  describe(".describe()", () => {
    it("adds a description and leaves the original undescribed when called on a plain descriptor", () => {
      const base = p.integer({ minimum: 1 });
      const described = base.describe("Page size");
      expectSchema(described, { type: "integer", minimum: 1, description: "Page size" });
      expectSchema(base, { type: "integer", minimum: 1 });
    });

    it("replaces the description when the descriptor already has one", () => {
      expectSchema(p.string("old").describe("new"), { type: "string", description: "new" });
    });

    it("gives the same schema as the short form when called on a bare descriptor", () => {
      expect(p.string().describe("City name")).toEqual(p.string("City name"));
      expect(p.array(p.string()).describe("Tags")).toEqual(p.array(p.string(), "Tags"));
    });

    it.each(kinds)("keeps the kind a descriptor and adds only description when the kind is %s", (_kind, base) => {
      const described = base.describe("about it");
      expect(isParam(described)).toBe(true);
      expect(JSON.parse(JSON.stringify(described))).toEqual({
        ...JSON.parse(JSON.stringify(base)),
        description: "about it",
      });
    });
  });

  describe(".default()", () => {
    it("writes the default keyword and leaves the original unchanged when called", () => {
      const base = p.integer({ minimum: 1 });
      const defaulted = base.default(10);
      expectSchema(defaulted, { type: "integer", minimum: 1, default: 10 });
      expectSchema(base, { type: "integer", minimum: 1 });
      expect(Object.isFrozen(base)).toBe(true);
      expect(Object.isFrozen(defaulted)).toBe(true);
    });

    it("removes the key from required when a shape key is defaulted", () => {
      expectSchema(
        shapeToJsonSchema({ pattern: p.string("Glob pattern"), maxResults: p.integer({ minimum: 1 }).default(10) }),
        {
          type: "object",
          properties: {
            pattern: { type: "string", description: "Glob pattern" },
            maxResults: { type: "integer", minimum: 1, default: 10 },
          },
          required: ["pattern"],
          additionalProperties: false,
        },
      );
    });

    it("keeps the key required in another shape when only a copy was defaulted", () => {
      const limit = p.integer();
      shapeToJsonSchema({ limit: limit.default(5) });
      expect(shapeToJsonSchema({ limit }).required).toEqual(["limit"]);
    });

    it.each([
      ["a string", p.string().default(""), { type: "string", default: "" }],
      ["zero", p.number().default(0), { type: "number", default: 0 }],
      ["false", p.boolean().default(false), { type: "boolean", default: false }],
      ["null on a nullable", p.nullable(p.integer()).default(null), { type: ["integer", "null"], default: null }],
      ["an enum value", p.enum(["c", "f"]).default("c"), { type: "string", enum: ["c", "f"], default: "c" }],
      ["a literal's value", p.literal(true).default(true), { type: "boolean", const: true, default: true }],
      ["an array", p.array(p.string()).default(["a"]), { type: "array", items: { type: "string" }, default: ["a"] }],
      [
        "an object",
        p.object({ x: p.number() }).default({ x: 1 }),
        {
          type: "object",
          properties: { x: { type: "number" } },
          required: ["x"],
          additionalProperties: false,
          default: { x: 1 },
        },
      ],
      [
        "a record",
        p.record(p.integer()).default({}),
        { type: "object", additionalProperties: { type: "integer" }, default: {} },
      ],
      [
        "a union member",
        p.union([p.string(), p.integer()]).default(3),
        { anyOf: [{ type: "string" }, { type: "integer" }], default: 3 },
      ],
    ] as const)("writes the default when the default is %s", (_what, param, schema) => {
      expectSchema(param, schema);
      expect(Object.hasOwn(param, "default")).toBe(true);
    });

    it("holds the value in the own default keyword, shadowing the method, when defaulted", () => {
      const base = p.integer();
      const defaulted = base.default(1);
      expect(Object.getOwnPropertyDescriptor(defaulted, "default")).toMatchObject({ value: 1, enumerable: true });
      expect(Object.hasOwn(base, "default")).toBe(false);
      // A second default is made from the undefaulted descriptor; calling .default() on `defaulted` does not compile.
      expectSchema(base.default(2), { type: "integer", default: 2 });
    });

    it("keeps the default and the description when described after defaulting", () => {
      const param = p.integer().default(3).describe("Days");
      expectSchema(param, { type: "integer", default: 3, description: "Days" });
      expect(shapeToJsonSchema({ days: param }).required).toBeUndefined();
    });
  });

  describe("every kind", () => {
    it.each(kinds)("has no enumerable method keys when the kind is %s", (_kind, param) => {
      for (const method of METHODS) {
        expect(Object.keys(param)).not.toContain(method);
        expect(Object.getOwnPropertyNames(param)).not.toContain(method);
        expect(typeof param[method]).toBe("function");
      }
      const forIn: string[] = [];
      for (const key in param) forIn.push(key);
      expect(forIn.sort()).toEqual(ownKeys(param));
    });

    it.each(kinds)("has no enumerable symbol keys, also once optional, when the kind is %s", (_kind, param) => {
      for (const copy of [param, param.optional()]) {
        const enumerable = Object.getOwnPropertySymbols(copy).filter(
          (symbol) => Object.getOwnPropertyDescriptor(copy, symbol)?.enumerable,
        );
        expect(enumerable).toEqual([]);
      }
    });

    it.each(kinds)("is frozen, and so are its derived copies, when the kind is %s", (_kind, param) => {
      expect(Object.isFrozen(param)).toBe(true);
      expect(Object.isFrozen(param.describe("d"))).toBe(true);
      expect(Object.isFrozen(param.optional())).toBe(true);
    });

    it.each(kinds)("is recognised by isParam, but a spread copy is not, when the kind is %s", (_kind, param) => {
      expect(isParam(param)).toBe(true);
      expect(isParam({ ...param })).toBe(false);
      expect({ ...param }).toEqual(param);
    });
  });

  describe("nesting", () => {
    it("assembles the exact schema when an object sits in an array in an object", () => {
      const order = p.object(
        {
          id: p.string({ format: "uuid" }),
          lines: p.array(
            p.object({
              sku: p.string("Stock keeping unit"),
              qty: p.integer({ minimum: 1 }).default(1),
              note: p.nullable(p.string()).optional(),
            }),
            { minItems: 1 },
          ),
          meta: p.record(p.any()).optional(),
        },
        "An order",
      );
      expectSchema(order, {
        type: "object",
        description: "An order",
        properties: {
          id: { type: "string", format: "uuid" },
          lines: {
            type: "array",
            minItems: 1,
            items: {
              type: "object",
              properties: {
                sku: { type: "string", description: "Stock keeping unit" },
                qty: { type: "integer", minimum: 1, default: 1 },
                note: { type: ["string", "null"] },
              },
              required: ["sku"],
              additionalProperties: false,
            },
          },
          meta: { type: "object", additionalProperties: {} },
        },
        required: ["id", "lines"],
        additionalProperties: false,
      });
    });

    it("assembles unions of nullable objects when kinds are nested three deep", () => {
      expectSchema(
        p.union([p.nullable(p.object({ a: p.enum([1, 2]) })), p.array(p.union([p.literal("x"), p.boolean()]))]),
        {
          anyOf: [
            {
              type: ["object", "null"],
              properties: { a: { type: "number", enum: [1, 2] } },
              required: ["a"],
              additionalProperties: false,
            },
            { type: "array", items: { anyOf: [{ type: "string", const: "x" }, { type: "boolean" }] } },
          ],
        },
      );
    });
  });

  describe("a whole shape", () => {
    const shape = {
      city: p.string("City name"),
      days: p.integer({ minimum: 1, maximum: 14 }).default(3),
      unit: p.enum(["c", "f"]).optional(),
      tags: p.array(p.string()),
      when: p.nullable(p.string({ format: "date" })),
    };
    const expected = {
      type: "object",
      properties: {
        city: { type: "string", description: "City name" },
        days: { type: "integer", minimum: 1, maximum: 14, default: 3 },
        unit: { type: "string", enum: ["c", "f"] },
        tags: { type: "array", items: { type: "string" } },
        when: { type: ["string", "null"], format: "date" },
      },
      required: ["city", "tags", "when"],
      additionalProperties: false,
    } as const;

    it("gives the schema's properties when the shape itself is stringified", () => {
      expect(JSON.parse(JSON.stringify(shape))).toEqual(expected.properties);
    });

    it("gives the whole object schema when shapeToJsonSchema of the shape is stringified", () => {
      expectSchema(shapeToJsonSchema(shape), expected);
    });

    it("gives the same schema as shapeToJsonSchema when the shape is wrapped in p.object", () => {
      expectSchema(p.object(shape), expected);
      expect(JSON.stringify(p.object(shape))).toBe(JSON.stringify(shapeToJsonSchema(shape)));
    });

    it("writes keys in the order type, properties, required, additionalProperties when stringified", () => {
      expect(Object.keys(JSON.parse(JSON.stringify(shapeToJsonSchema(shape))))).toEqual([
        "type",
        "properties",
        "required",
        "additionalProperties",
      ]);
    });
  });
});
