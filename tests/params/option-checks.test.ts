import { type AnyParam, ToolDefinitionError, ToolRegistry, p } from "toolwright";
import { isCheckedParam } from "../../src/params/param.js";
import { finishParamSchema } from "../../src/schema/input-schema.js";
import { shapeToJsonSchema } from "../../src/params/to-json-schema.js";

// Every option a p.* builder documents, with values the JSON Schema meta-schema rejects. Before descriptors were
// checked where they are built, each of these failed only at registration, through the meta-schema check; now the
// builder throws at once, naming the option and what it accepts. `expected` is that part of the message.
const BAD_COUNTS = [-1, 1.5, NaN, Infinity, "2", null, true, {}, []] as const;
const BAD_NUMBERS = [NaN, Infinity, -Infinity, "1", null, {}, []] as const;
const BAD_STRINGS = [5, true, null, {}, []] as const;

const cases: ReadonlyArray<readonly [string, (value: never) => unknown, readonly unknown[], string]> = [
  ...(["minLength", "maxLength"] as const).map(
    (option) =>
      [`p.string ${option}`, (v: never) => p.string({ [option]: v }), BAD_COUNTS, "a non-negative integer"] as const,
  ),
  ...(["minItems", "maxItems"] as const).map(
    (option) =>
      [
        `p.array ${option}`,
        (v: never) => p.array(p.string(), { [option]: v }),
        BAD_COUNTS,
        "a non-negative integer",
      ] as const,
  ),
  ...(["number", "integer"] as const).flatMap((kind) => [
    ...(["minimum", "maximum"] as const).map(
      (option) =>
        [`p.${kind} ${option}`, (v: never) => p[kind]({ [option]: v }), BAD_NUMBERS, "a finite number"] as const,
    ),
    // A boolean exclusiveMinimum is the draft-04 form, which the legacy upgrade still accepts.
    ...(["exclusiveMinimum", "exclusiveMaximum"] as const).map(
      (option) =>
        [`p.${kind} ${option}`, (v: never) => p[kind]({ [option]: v }), BAD_NUMBERS, "a finite number"] as const,
    ),
    [
      `p.${kind} multipleOf`,
      (v: never) => p[kind]({ multipleOf: v }),
      [0, -2, ...BAD_NUMBERS],
      "a number greater than 0",
    ] as const,
  ]),
  ["p.array uniqueItems", (v: never) => p.array(p.string(), { uniqueItems: v }), ["yes", 1, null, {}], "true or false"],
  ["p.string pattern", (v: never) => p.string({ pattern: v }), BAD_STRINGS, "a string"],
  ["p.string format", (v: never) => p.string({ format: v }), BAD_STRINGS, "a string"],
  ...(["string", "number", "integer", "boolean", "any"] as const).flatMap((kind) =>
    (["description", "title"] as const).map(
      (option) => [`p.${kind} ${option}`, (v: never) => p[kind]({ [option]: v }), BAD_STRINGS, "a string"] as const,
    ),
  ),
  ["p.string examples", (v: never) => p.string({ examples: v }), ["x", 5, null, {}], "an array"],
  ["p.object description", (v: never) => p.object({ a: p.string() }, { description: v }), BAD_STRINGS, "a string"],
  // `null` here means "keep the wrapped descriptor's description" (nullable reads it with ??), so it is not refused.
  ["p.nullable description", (v: never) => p.nullable(p.string(), { description: v }), [5, true, {}, []], "a string"],
  ["describe()", (v: never) => p.string().describe(v), [5, null, {}, NaN], "a string"],
];

describe("options a p.* builder checks where the descriptor is built", () => {
  describe.each(cases)("%s", (label, build, values, expected) => {
    const option = label.split(" ").pop()!.replace("()", "");
    it.each(values.map((value) => [String(JSON.stringify(value) ?? value), value]))(
      "throws a definition error naming the option and what it accepts for %s",
      (_shown, value) => {
        const make = () => build(value as never);
        expect(make).toThrow(ToolDefinitionError);
        const keyword = option === "describe" ? "description" : option;
        expect(make).toThrow(new RegExp(`"${keyword}" must be ${expected}`));
      },
    );

    it.each(values.map((value) => [String(JSON.stringify(value) ?? value), value]))(
      "still refuses a tool that uses it for %s",
      (_shown, value) => {
        const registry = new ToolRegistry();
        const register = () =>
          registry.register("t", () => 1, { description: "d", params: { x: build(value as never) as AnyParam } });
        expect(register).toThrow(ToolDefinitionError);
      },
    );
  });

  it("names the builder in the message", () => {
    expect(() => p.string({ minLength: -1 })).toThrow(
      'p.string(): "minLength" must be a non-negative integer; got -1.',
    );
    expect(() => p.integer({ minimum: "x" as never })).toThrow(
      'p.integer(): "minimum" must be a finite number; got "x".',
    );
  });

  it("still refuses an empty or repeated enum, a one-member union and a shape with a non-descriptor", () => {
    expect(() => p.enum([] as never)).toThrow(ToolDefinitionError);
    expect(() => p.enum(["a", "a"])).toThrow(ToolDefinitionError);
    expect(() => p.union([p.string()] as never)).toThrow(ToolDefinitionError);
    expect(() => p.object({ a: 5 } as never)).toThrow(ToolDefinitionError);
  });

  it("accepts what the meta-schema accepts at the edges", () => {
    expect(() => p.string({ minLength: 0, maxLength: 0 })).not.toThrow();
    expect(() => p.number({ minimum: -1.5, maximum: 0, exclusiveMinimum: -2, multipleOf: 0.25 })).not.toThrow();
    expect(() => p.array(p.string(), { minItems: 0, uniqueItems: false })).not.toThrow();
    expect(() => p.string({ examples: [] })).not.toThrow();
  });
});

describe("schemas built entirely from p.* descriptors", () => {
  it("are marked valid by construction, with every kind and derived copy", () => {
    const all = [
      p.string({ minLength: 1, pattern: "^a", format: "email", examples: ["a"] }),
      p.integer({ minimum: 1 }).default(10),
      p.boolean().optional(),
      p.literal("x"),
      p.enum(["a", 1]),
      p.array(p.string(), { maxItems: 3 }),
      p.object({ a: p.string() }),
      p.union([p.string(), p.integer()]),
      p.nullable(p.string()),
      p.nullable(p.union([p.string(), p.integer()])),
      p.record(p.number()),
      p.any("anything").describe("x"),
    ];
    for (const param of all) expect(isCheckedParam(param)).toBe(true);
  });

  it("are not marked when they carry a keyword the builder does not check, so the meta-schema still judges them", () => {
    expect(isCheckedParam(p.string({ foo: 1 } as never))).toBe(false);
    expect(isCheckedParam(p.number({ exclusiveMinimum: true } as never))).toBe(false);
    expect(isCheckedParam(p.string().default((() => 1) as never))).toBe(false);
    expect(isCheckedParam(p.literal(NaN as never))).toBe(false);
  });

  it("finish to the same frozen plain JSON the JSON round trip gave, without the meta-schema", () => {
    const shape = {
      id: p.string("Record id"),
      limit: p.integer({ minimum: 1 }).default(10),
      verbose: p.boolean().optional(),
      tags: p.array(p.enum(["a", "b"])).default([]),
      where: p.object({ city: p.nullable(p.string()) }).optional(),
      ["__proto__"]: p.any(),
    };
    const schema = finishParamSchema(shapeToJsonSchema(shape), "test");
    expect(schema).toEqual(JSON.parse(JSON.stringify(shapeToJsonSchema(shape))));
    expect(Object.hasOwn(schema.properties!, "__proto__")).toBe(true);
    expect(Object.getPrototypeOf(schema.properties!.id)).toBe(Object.prototype);
    const frozen = (value: unknown): boolean =>
      typeof value !== "object" || value === null || (Object.isFrozen(value) && Object.values(value).every(frozen));
    expect(frozen(schema)).toBe(true);
  });

  it("fall back to the full check when a descriptor tree was changed after it was built", () => {
    const shape: Record<string, unknown> = { a: p.string() };
    const object = p.object(shape as { a: AnyParam });
    shape.b = { type: "strng" };
    expect(() => finishParamSchema(shapeToJsonSchema({ o: object }), "test")).toThrow(/not valid JSON Schema/);
    // A raw schema inside a descriptor (possible from JavaScript) is judged by the meta-schema too.
    const raw = p.array({ type: "strng" } as never);
    expect(() => finishParamSchema(shapeToJsonSchema({ raw }), "test")).toThrow(/not valid JSON Schema/);
  });
});
