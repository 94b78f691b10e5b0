import { expectTypeOf } from "expect-type";
import {
  type ArrayParam,
  type BooleanParam,
  type EnumParam,
  type Infer,
  type InferArgs,
  type IntegerParam,
  type LiteralParam,
  type NumberParam,
  type ObjectParam,
  type OptionalParam,
  type RecordParam,
  type StringParam,
  type UnionParam,
  p,
} from "toolwright";
import { isParam } from "../../src/params/param.js";

/** Checks at run time that the values whose types a test pins are real descriptors (and so are used as values). */
function expectDescriptors(...params: readonly unknown[]): void {
  expect(params.length).toBeGreaterThan(0);
  for (const param of params) expect(isParam(param)).toBe(true);
}

describe("descriptor types", () => {
  it("returns the kind's descriptor type when a builder is called", () => {
    expectTypeOf(p.string()).toEqualTypeOf<StringParam>();
    expectTypeOf(p.string("City")).toEqualTypeOf<StringParam>();
    expectTypeOf(p.number()).toEqualTypeOf<NumberParam>();
    expectTypeOf(p.integer({ minimum: 1 })).toEqualTypeOf<IntegerParam>();
    expectTypeOf(p.boolean()).toEqualTypeOf<BooleanParam>();
    expectTypeOf(p.literal("x")).toEqualTypeOf<LiteralParam<"x">>();
    expectTypeOf(p.enum(["a", "b"])).toEqualTypeOf<EnumParam<"a" | "b">>();
    expectTypeOf(p.array(p.string())).toEqualTypeOf<ArrayParam<StringParam>>();
    expectTypeOf(p.record(p.number())).toEqualTypeOf<RecordParam<NumberParam>>();
    expectTypeOf(p.union([p.string(), p.integer()])).toEqualTypeOf<UnionParam<readonly [StringParam, IntegerParam]>>();
    expectTypeOf(p.object({ a: p.string() })).toEqualTypeOf<ObjectParam<{ a: StringParam }>>();
  });

  it("keeps the descriptor type when described or made optional", () => {
    expectTypeOf(p.string().describe("d")).toEqualTypeOf<StringParam>();
    expectTypeOf(p.string().optional()).toEqualTypeOf<OptionalParam<StringParam>>();
    expectTypeOf(p.optional(p.string())).toEqualTypeOf<OptionalParam<StringParam>>();
    expectTypeOf(p.optional(p.string()).describe("d")).toEqualTypeOf<OptionalParam<StringParam>>();
  });

  it("infers the primitive type when the kind is simple", () => {
    expectTypeOf<Infer<StringParam>>().toEqualTypeOf<string>();
    expectTypeOf<Infer<NumberParam>>().toEqualTypeOf<number>();
    expectTypeOf<Infer<IntegerParam>>().toEqualTypeOf<number>();
    expectTypeOf<Infer<BooleanParam>>().toEqualTypeOf<boolean>();
    expectTypeOf<Infer<ReturnType<typeof p.any>>>().toEqualTypeOf<unknown>();
  });

  it("infers the exact value when the kind is a literal", () => {
    const text = p.literal("celsius");
    const count = p.literal(3);
    const flag = p.literal(false);
    const nothing = p.literal(null);
    expectTypeOf<Infer<typeof text>>().toEqualTypeOf<"celsius">();
    expectTypeOf<Infer<typeof count>>().toEqualTypeOf<3>();
    expectTypeOf<Infer<typeof flag>>().toEqualTypeOf<false>();
    expectTypeOf<Infer<typeof nothing>>().toEqualTypeOf<null>();
    expectDescriptors(text, count, flag, nothing);
  });

  it("infers the union of the values when the kind is an enum", () => {
    const words = p.enum(["low", "mid", "high"]);
    const numbers = p.enum([1, 2, 3]);
    const mixed = p.enum(["auto", 0]);
    expectTypeOf<Infer<typeof words>>().toEqualTypeOf<"low" | "mid" | "high">();
    expectTypeOf<Infer<typeof numbers>>().toEqualTypeOf<1 | 2 | 3>();
    expectTypeOf<Infer<typeof mixed>>().toEqualTypeOf<"auto" | 0>();
    expectDescriptors(words, numbers, mixed);
  });

  it("infers an array of the item type when the kind is an array", () => {
    const tags = p.array(p.string());
    const grid = p.array(p.array(p.enum([0, 1])));
    expectTypeOf<Infer<typeof tags>>().toEqualTypeOf<string[]>();
    expectTypeOf<Infer<typeof grid>>().toEqualTypeOf<(0 | 1)[][]>();
    expectDescriptors(tags, grid);
  });

  it("infers the members' union when the kind is a union", () => {
    const id = p.union([p.string(), p.integer()]);
    const tagged = p.union([p.literal("a"), p.literal(1), p.nullable(p.boolean())]);
    expectTypeOf<Infer<typeof id>>().toEqualTypeOf<string | number>();
    expectTypeOf<Infer<typeof tagged>>().toEqualTypeOf<"a" | 1 | boolean | null>();
    expectDescriptors(id, tagged);
  });

  it("adds null when the kind is nullable, simple or complex", () => {
    const name = p.nullable(p.string());
    const unit = p.nullable(p.enum(["c", "f"]));
    const point = p.nullable(p.object({ x: p.number(), y: p.number() }));
    const list = p.nullable(p.array(p.integer()));
    expectTypeOf<Infer<typeof name>>().toEqualTypeOf<string | null>();
    expectTypeOf<Infer<typeof unit>>().toEqualTypeOf<"c" | "f" | null>();
    expectTypeOf<Infer<typeof point>>().toEqualTypeOf<{ x: number; y: number } | null>();
    expectTypeOf<Infer<typeof list>>().toEqualTypeOf<number[] | null>();
    expectDescriptors(name, unit, point, list);
  });

  it("infers a string-keyed map when the kind is a record", () => {
    const prices = p.record(p.number());
    const nested = p.record(p.object({ qty: p.integer() }));
    expectTypeOf<Infer<typeof prices>>().toEqualTypeOf<Record<string, number>>();
    expectTypeOf<Infer<typeof nested>>().toEqualTypeOf<Record<string, { qty: number }>>();
    expectDescriptors(prices, nested);
  });

  it("infers the argument object with optional keys when the kind is an object", () => {
    const address = p.object({
      street: p.string(),
      zip: p.string().optional(),
      country: p.string().default("NL"),
    });
    expectTypeOf<Infer<typeof address>>().toEqualTypeOf<{ street: string; zip?: string; country: string }>();
    expectDescriptors(address);
  });

  it("infers nested objects in arrays in objects when kinds are nested", () => {
    const order = p.object({
      id: p.string(),
      lines: p.array(
        p.object({ sku: p.string(), qty: p.integer().default(1), note: p.nullable(p.string()).optional() }),
      ),
      meta: p.record(p.any()).optional(),
    });
    expectTypeOf<Infer<typeof order>>().toEqualTypeOf<{
      id: string;
      lines: { sku: string; qty: number; note?: string | null }[];
      meta?: Record<string, unknown>;
    }>();
    expectDescriptors(order);
  });

  it("infers never when the value is not a descriptor", () => {
    expectTypeOf<Infer<{ type: "string" }>>().toEqualTypeOf<never>();
    expectTypeOf<Infer<string>>().toEqualTypeOf<never>();
  });
});

describe("InferArgs", () => {
  it("makes a key required when the descriptor is plain", () => {
    const shape = { city: p.string(), days: p.integer() };
    expectTypeOf<InferArgs<typeof shape>>().toEqualTypeOf<{ city: string; days: number }>();
    expectDescriptors(...Object.values(shape));
  });

  it("makes a key optional when it is marked optional either way", () => {
    const shape = { a: p.string().optional(), b: p.optional(p.integer()), c: p.boolean().optional().describe("C") };
    expectTypeOf<InferArgs<typeof shape>>().toEqualTypeOf<{ a?: string; b?: number; c?: boolean }>();
    expectDescriptors(...Object.values(shape));
  });

  it("makes a key present when it has a default, with or without optional", () => {
    const shape = {
      a: p.integer().default(3),
      b: p.integer().optional().default(3),
      c: p.integer().default(3).optional(),
      d: p.integer().default(3).describe("D"),
    };
    expectTypeOf<InferArgs<typeof shape>>().toEqualTypeOf<{ a: number; b: number; c: number; d: number }>();
    expectDescriptors(...Object.values(shape));
  });

  it("keeps null in a required key and drops undefined from an optional one when keys are nullable", () => {
    const shape = { middle: p.nullable(p.string()), nick: p.nullable(p.string()).optional() };
    type Args = InferArgs<typeof shape>;
    expectTypeOf<Args>().toEqualTypeOf<{ middle: string | null; nick?: string | null }>();
    // exactOptionalPropertyTypes: an optional key may be absent, but not present as undefined.
    expectTypeOf<{ middle: null; nick: undefined }>().not.toExtend<Args>();
    expectTypeOf<{ middle: null }>().toExtend<Args>();
    expectDescriptors(...Object.values(shape));
  });

  it("infers every kind at once when the shape mixes kinds", () => {
    const shape = {
      pattern: p.string("Glob pattern"),
      maxResults: p.integer({ minimum: 1 }).default(10),
      unit: p.enum(["c", "f"]).optional(),
      version: p.literal(2),
      tags: p.array(p.string()),
      filter: p.object({ ext: p.string().optional() }),
      headers: p.record(p.string()).optional(),
      target: p.union([p.string(), p.object({ id: p.integer() })]),
      extra: p.any().optional(),
    };
    expectTypeOf<InferArgs<typeof shape>>().toEqualTypeOf<{
      pattern: string;
      maxResults: number;
      unit?: "c" | "f";
      version: 2;
      tags: string[];
      filter: { ext?: string };
      headers?: Record<string, string>;
      target: string | { id: number };
      extra?: unknown;
    }>();
    expectDescriptors(...Object.values(shape));
  });

  it("gives mutable keys when the shape is readonly", () => {
    const shape = { a: p.string() } as const;
    expectTypeOf<InferArgs<typeof shape>>().toEqualTypeOf<{ a: string }>();
    expectDescriptors(...Object.values(shape));
  });

  it("gives an empty object type when the shape is empty", () => {
    expectTypeOf<InferArgs<Record<never, never>>>().toEqualTypeOf<Record<never, never>>();
  });
});

describe("definition mistakes that do not compile", () => {
  it("rejects an empty enum when called with []", () => {
    // @ts-expect-error an enum needs at least one value
    expect(() => p.enum([])).toThrow();
  });

  it("rejects enum values that are not strings or numbers", () => {
    // @ts-expect-error booleans are not enum values (use p.literal or p.boolean)
    expect(() => p.enum([true, false])).toThrow();
  });

  it("rejects a default of the wrong type, in types and when .default() runs", () => {
    // @ts-expect-error an integer's default must be a number
    expect(() => p.integer().default("x")).toThrow();
    // @ts-expect-error a string's default must be a string
    expect(() => p.string().default(1)).toThrow();
    // @ts-expect-error an enum's default must be one of its values
    expect(() => p.enum(["c", "f"]).default("k")).toThrow();
    // @ts-expect-error a literal's default must be its value
    expect(() => p.literal("v1").default("v2")).toThrow();
    // @ts-expect-error an array's default must be an array of its items
    expect(() => p.array(p.integer()).default(["1"])).toThrow();
    // @ts-expect-error an object's default must have its required keys
    expect(() => p.object({ x: p.number() }).default({})).toThrow();
    // @ts-expect-error null is a default only of a nullable kind
    expect(() => p.string().default(null)).toThrow();
    expectTypeOf(p.nullable(p.string()).default(null)).toExtend<{ readonly default: unknown }>();
  });

  it("rejects a second default when the descriptor is already defaulted", () => {
    const days = p.integer().default(3);
    // @ts-expect-error the own `default` keyword now holds 3, so there is no method to call
    expect(() => days.default(4)).toThrow(TypeError);
    // @ts-expect-error describing or marking optional keeps the descriptor defaulted
    expect(() => days.describe("Days").optional().default(4)).toThrow(TypeError);
    expectTypeOf(p.integer().optional().default(3).describe("Days")).toExtend<{ readonly type: "integer" }>();
  });

  it("rejects options of another kind", () => {
    // @ts-expect-error minimum is a numeric option
    p.string({ minimum: 1 });
    // @ts-expect-error minLength is a string option
    p.integer({ minLength: 1 });
    // @ts-expect-error a boolean has no bounds
    p.boolean({ maximum: 1 });
    // @ts-expect-error the description must be a string (and the builder refuses it at run time too)
    expect(() => p.number({ description: 3 })).toThrow();
  });

  it("rejects a union of fewer than two members", () => {
    // @ts-expect-error a union needs two members
    expect(() => p.union([p.string()])).toThrow();
  });

  it("rejects a value that is not a descriptor in a shape, an array or a record", () => {
    // @ts-expect-error a shape holds descriptors, not raw schemas
    expect(() => p.object({ city: "string" })).toThrow();
    // @ts-expect-error items must be a descriptor
    p.array({ type: "string" });
    // @ts-expect-error record values must be a descriptor
    p.record("string");
  });

  it("rejects a literal that is not a primitive", () => {
    // @ts-expect-error a literal is a string, number, boolean or null
    p.literal({ a: 1 });
  });
});

describe("p.nullable keeps the wrapped descriptor's markers", () => {
  it("types an optional-then-nullable key as optional and a defaulted one as present", () => {
    const _shape = { nick: p.nullable(p.string().optional()), unit: p.nullable(p.string().default("c")) };
    expectTypeOf<InferArgs<typeof _shape>>().toEqualTypeOf<{ nick?: string | null; unit: string | null }>();
  });
});
