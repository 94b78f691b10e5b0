import { Ajv2020 } from "ajv/dist/2020.js";
import formatsModule from "ajv-formats";
import { type AnyParam, p } from "toolwright";
import { shapeToJsonSchema } from "../../src/params/to-json-schema.js";

type FormatsPlugin = (ajv: Ajv2020) => Ajv2020;
// ajv-formats is CommonJS: its function is the default export under ESM and `.default` under CommonJS (ts-jest).
const addFormats: FormatsPlugin =
  (formatsModule as unknown as { default?: FormatsPlugin }).default ?? (formatsModule as unknown as FormatsPlugin);

/** A strict ajv whose warnings (strictTypes and friends) fail the test instead of going to the console. */
function makeAjv(): Ajv2020 {
  const fail = (...args: unknown[]): never => {
    throw new Error(`ajv warned: ${args.map(String).join(" ")}`);
  };
  return addFormats(
    new Ajv2020({
      strict: true,
      allowUnionTypes: true,
      allErrors: true,
      logger: { log: fail, warn: fail, error: fail },
    }),
  );
}

const ajv = makeAjv();

/** Every kind, with and without options, and the combinations a tool author writes. */
const generated: ReadonlyArray<readonly [string, object]> = [
  ["string", p.string()],
  ["string short form", p.string("City name")],
  [
    "string all options",
    p.string({
      description: "Code",
      title: "Code",
      examples: ["AB-1"],
      minLength: 1,
      maxLength: 9,
      pattern: "^[A-Z]+-[0-9]+$",
    }),
  ],
  ["string date-time", p.string({ format: "date-time" })],
  ["string email", p.string({ format: "email" })],
  ["string uuid", p.string({ format: "uuid" })],
  ["number", p.number()],
  ["number bounds", p.number({ minimum: -1.5, maximum: 2.5, multipleOf: 0.5 })],
  ["number exclusive bounds", p.number({ exclusiveMinimum: 0, exclusiveMaximum: 1 })],
  ["integer", p.integer()],
  [
    "integer all options",
    p.integer({
      description: "n",
      minimum: 1,
      maximum: 100,
      exclusiveMinimum: 0,
      exclusiveMaximum: 101,
      multipleOf: 2,
    }),
  ],
  ["integer default", p.integer({ minimum: 1 }).default(10)],
  ["boolean", p.boolean("Flag")],
  ["boolean default", p.boolean().default(false)],
  ["literal string", p.literal("celsius")],
  ["literal integer", p.literal(3)],
  ["literal number", p.literal(1.5)],
  ["literal boolean", p.literal(true)],
  ["literal null", p.literal(null)],
  ["enum strings", p.enum(["c", "f"], "Unit")],
  ["enum numbers", p.enum([1, 2.5])],
  ["enum mixed", p.enum(["auto", 0, 1])],
  ["enum default", p.enum(["c", "f"]).default("c")],
  ["array", p.array(p.string())],
  ["array options", p.array(p.integer(), { minItems: 1, maxItems: 3, uniqueItems: true, description: "Ids" })],
  ["array of arrays", p.array(p.array(p.number()))],
  ["array default", p.array(p.string()).default([])],
  ["object", p.object({ a: p.string(), b: p.integer().optional(), c: p.boolean().default(true) })],
  ["object empty", p.object({})],
  ["object described", p.object({ a: p.string() }, { description: "d", title: "t", examples: [{ a: "x" }] })],
  ["union", p.union([p.string(), p.integer()])],
  [
    "union of objects",
    p.union([p.object({ kind: p.literal("a") }), p.object({ kind: p.literal("b"), n: p.number() })]),
  ],
  ["union default", p.union([p.string(), p.integer()], "Id").default(0)],
  ["nullable string", p.nullable(p.string({ minLength: 1 }))],
  ["nullable integer", p.nullable(p.integer())],
  ["nullable boolean", p.nullable(p.boolean())],
  ["nullable enum", p.nullable(p.enum(["c", "f"]))],
  ["nullable number enum", p.nullable(p.enum([1, 2]))],
  ["nullable mixed enum", p.nullable(p.enum(["auto", 0]))],
  ["nullable literal", p.nullable(p.literal("x"))],
  ["nullable array", p.nullable(p.array(p.string()))],
  ["nullable object", p.nullable(p.object({ a: p.string() }))],
  ["nullable record", p.nullable(p.record(p.number()))],
  ["nullable union", p.nullable(p.union([p.string(), p.number()]))],
  ["nullable any", p.nullable(p.any())],
  ["nullable nullable", p.nullable(p.nullable(p.string()))],
  ["nullable default null", p.nullable(p.string()).default(null)],
  ["optional", p.optional(p.string())],
  ["record", p.record(p.number(), "Prices")],
  ["record of objects", p.record(p.object({ qty: p.integer({ minimum: 0 }) }))],
  ["any", p.any()],
  ["any described", p.any({ description: "Payload", examples: [1, "a"] })],
  [
    "nested order",
    p.object({
      id: p.string({ format: "uuid" }),
      lines: p.array(
        p.object({
          sku: p.string(),
          qty: p.integer({ minimum: 1 }).default(1),
          note: p.nullable(p.string()).optional(),
        }),
        { minItems: 1 },
      ),
      meta: p.record(p.any()).optional(),
    }),
  ],
  [
    "whole shape",
    shapeToJsonSchema({
      pattern: p.string("Glob pattern"),
      maxResults: p.integer({ minimum: 1 }).default(10),
      unit: p.enum(["c", "f"]).optional(),
      when: p.nullable(p.string({ format: "date" })),
      target: p.union([p.string(), p.object({ id: p.integer() })]),
    }),
  ],
];

describe("generated schemas against the JSON Schema 2020-12 meta-schema", () => {
  it("has the 2020-12 meta-schema loaded when ajv is created", () => {
    expect(ajv.getSchema("https://json-schema.org/draft/2020-12/schema")).toBeDefined();
  });

  it.each(generated)("validates as a 2020-12 schema when the descriptor is %s", (_name, schema) => {
    expect(ajv.validateSchema(schema)).toBe(true);
    expect(ajv.errors ?? null).toBeNull();
    expect(ajv.validateSchema(JSON.parse(JSON.stringify(schema)) as object)).toBe(true);
  });

  it.each(generated)("compiles under ajv strict mode without warnings when the descriptor is %s", (_name, schema) => {
    expect(() => makeAjv().compile(schema)).not.toThrow();
  });

  it("fails the strict compile when a keyword does not apply to the schema's type", () => {
    expect(() => makeAjv().compile({ type: "string", minimum: 1 })).toThrow(/strict mode/);
  });

  it("rejects a broken schema when checked the same way", () => {
    expect(ajv.validateSchema({ type: "strnig" })).toBe(false);
    expect(ajv.validateSchema({ minLength: -1 })).toBe(false);
  });
});

/** A descriptor with values it must accept and values it must reject. */
type ValueCase = readonly [
  name: string,
  schema: AnyParam | object,
  accepted: readonly unknown[],
  rejected: readonly unknown[],
];

const valueCases: readonly ValueCase[] = [
  ["string with bounds", p.string({ minLength: 2, maxLength: 3 }), ["ab", "abc"], ["a", "abcd", 12, null]],
  ["string pattern", p.string({ pattern: "^[a-z]+$" }), ["abc"], ["ABC", "a1"]],
  ["string email format", p.string({ format: "email" }), ["a@b.co"], ["not an email"]],
  ["string date format", p.string({ format: "date" }), ["2024-02-29"], ["2024-13-01", "tomorrow"]],
  ["number bounds", p.number({ minimum: 0, exclusiveMaximum: 1 }), [0, 0.5], [-0.1, 1, "0.5"]],
  ["number multipleOf", p.number({ multipleOf: 0.5 }), [1.5, -2], [0.3]],
  ["integer", p.integer({ minimum: 1 }), [1, 100], [0, 1.5, "1", null]],
  ["boolean", p.boolean(), [true, false], [0, "true", null]],
  ["literal string", p.literal("v1"), ["v1"], ["v2", null]],
  ["literal integer", p.literal(3), [3, 3.0], [4, "3"]],
  ["literal false", p.literal(false), [false], [true, 0]],
  ["literal null", p.literal(null), [null], [0, "", false]],
  ["enum strings", p.enum(["c", "f"]), ["c", "f"], ["k", "C", null]],
  ["enum numbers", p.enum([1, 2.5]), [1, 2.5], [2, "1"]],
  ["enum mixed", p.enum(["auto", 0]), ["auto", 0], ["0", 1, null]],
  [
    "array bounds",
    p.array(p.integer(), { minItems: 1, maxItems: 2, uniqueItems: true }),
    [[1], [1, 2]],
    [[], [1, 2, 3], [1, 1], ["1"], "1"],
  ],
  [
    "object closed",
    p.object({ a: p.string(), b: p.integer().optional() }),
    [{ a: "x" }, { a: "x", b: 1 }],
    [{}, { b: 1 }, { a: "x", c: 1 }, { a: 1 }, null, []],
  ],
  ["object defaulted key", p.object({ n: p.integer().default(1) }), [{}, { n: 2 }], [{ n: "2" }, { n: null }]],
  ["union", p.union([p.string(), p.integer()]), ["a", 1], [1.5, null, true]],
  ["nullable string", p.nullable(p.string({ minLength: 1 })), ["a", null], ["", 1]],
  ["nullable enum", p.nullable(p.enum(["c", "f"])), ["c", null], ["k", "null"]],
  ["nullable literal", p.nullable(p.literal(1)), [1, null], [2, "1"]],
  ["nullable object", p.nullable(p.object({ a: p.string() })), [{ a: "x" }, null], [{}, "null"]],
  ["nullable any", p.nullable(p.any()), [null, 1, "x", {}], []],
  ["record", p.record(p.number()), [{}, { a: 1, b: 2.5 }], [{ a: "1" }, [1], null]],
  ["any", p.any(), [null, 0, "", [], {}], []],
  [
    "nested object in array in object",
    p.object({ lines: p.array(p.object({ sku: p.string(), qty: p.integer({ minimum: 1 }) }), { minItems: 1 }) }),
    [{ lines: [{ sku: "a", qty: 1 }] }],
    [{ lines: [] }, { lines: [{ sku: "a", qty: 0 }] }, { lines: [{ sku: "a", qty: 1, extra: true }] }],
  ],
];

describe("generated schemas validating values with ajv", () => {
  it.each(valueCases)("accepts every valid value when the descriptor is %s", (_name, schema, accepted) => {
    const validate = ajv.compile(schema);
    for (const value of accepted) {
      expect({ value, valid: validate(value) }).toEqual({ value, valid: true });
    }
  });

  it.each(valueCases)("rejects every invalid value when the descriptor is %s", (_name, schema, _accepted, rejected) => {
    const validate = ajv.compile(schema);
    for (const value of rejected) {
      expect({ value, valid: validate(value) }).toEqual({ value, valid: false });
    }
  });
});
