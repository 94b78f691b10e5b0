import { validate } from "@cfworker/json-schema";
import { installFormatChecks } from "../../src/schema/no-eval/format-table.js";
import { plainSchemaCheck } from "../../src/schema/no-eval/plain-schema-check.js";

// The no-eval validator accepts a valid call of a plain schema with a closure made once (plain-schema-check.ts) and
// leaves everything else to the interpreter. The closure may say false for a valid value (the interpreter then
// judges it), never true for an invalid one: checked here against the interpreter on many generated values.
const SCHEMAS: Record<string, object> = {
  search: {
    type: "object",
    properties: { pattern: { type: "string", description: "Glob" }, maxResults: { type: "integer", minimum: 1 } },
    required: ["pattern", "maxResults"],
    additionalProperties: false,
  },
  bounded: {
    type: "object",
    properties: {
      name: { type: "string", minLength: 2, maxLength: 4, pattern: "^[a-z]+$" },
      score: { type: "number", exclusiveMinimum: 0, exclusiveMaximum: 10, maximum: 9.5 },
      mode: { enum: ["a", "b", 1, null] },
      fixed: { const: "abc" },
      day: { type: "string", format: "date" },
    },
    required: ["name"],
  },
  nested: {
    type: "object",
    properties: {
      tags: { type: "array", items: { type: ["string", "null"] }, minItems: 1, maxItems: 2 },
      where: { type: "object", properties: { a: { type: "boolean" } }, additionalProperties: { type: "integer" } },
    },
    additionalProperties: { type: "string" },
  },
  loose: { properties: { a: { type: "number" } }, required: ["b"] },
};

const STRINGS = ["", "a", "ab", "abc", "abcde", "AB", "😀😀", "2024-02-29", "2023-02-29", "x"];
const NUMBERS = [0, -0, 1, -1, 1.5, 9.5, 9.75, 10, 100, 2 ** 53, -1e21];

// A small deterministic generator (a linear congruential one), so a failure names a value that can be replayed.
// Objects take their keys from `keys` (the schema's own, mostly), so some values come close to valid.
function values(seed: number, count: number, keys: readonly string[]): unknown[] {
  let state = seed;
  const next = (n: number) => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state % n;
  };
  const value = (depth: number): unknown => {
    switch (next(depth > 2 ? 5 : 7)) {
      case 0:
        return STRINGS[next(STRINGS.length)];
      case 1:
        return NUMBERS[next(NUMBERS.length)];
      case 2:
        return next(2) === 0;
      case 3:
        return null;
      case 4:
        return STRINGS[next(STRINGS.length)];
      case 5:
        return Array.from({ length: next(4) }, () => value(depth + 1));
      default:
        return Object.fromEntries(Array.from({ length: next(5) }, () => [keys[next(keys.length)], value(depth + 1)]));
    }
  };
  return Array.from({ length: count }, () => value(0));
}

describe("plainSchemaCheck", () => {
  beforeAll(() => installFormatChecks());

  it.each(Object.entries(SCHEMAS))("never accepts a value the interpreter refuses (%s)", (_, schema) => {
    const accepts = plainSchemaCheck(schema)!;
    expect(accepts).toBeDefined();
    let accepted = 0;
    const keys = [...Object.keys((schema as { properties?: object }).properties ?? {}), "a", "b", "extra"];
    for (const value of values(7, 20_000, keys)) {
      const valid = validate(value, schema as never, "2020-12").valid;
      if (accepts(value)) {
        accepted++;
        expect({ value, valid }).toEqual({ value, valid: true });
      }
    }
    expect(accepted).toBeGreaterThan(0);
  });

  it("accepts the valid calls of the runtime rows' search tool", () => {
    const accepts = plainSchemaCheck(SCHEMAS.search)!;
    expect(accepts({ pattern: "*.ts", maxResults: 10 })).toBe(true);
    expect(accepts({ pattern: "*.ts", maxResults: 0 })).toBe(false);
    expect(accepts({ pattern: "*.ts", maxResults: 10, extra: 1 })).toBe(false);
  });

  it("leaves to the interpreter what is not a JSON value", () => {
    const accepts = plainSchemaCheck({ type: "object", properties: { a: {} } })!;
    expect(accepts({ a: undefined })).toBe(false);
    expect(accepts({ a: Number.NaN })).toBe(false);
    expect(accepts(new (class Point {})())).toBe(false);
  });

  it.each([
    ["anyOf", { anyOf: [{ type: "string" }] }],
    ["$ref", { $defs: { a: {} }, $ref: "#/$defs/a" }],
    ["multipleOf", { type: "number", multipleOf: 0.1 }],
    ["a nested oneOf", { type: "object", properties: { a: { oneOf: [{}] } } }],
    ["an unknown keyword", { type: "string", nullable: true }],
  ])("makes no closure for a schema with %s", (_, schema) => {
    expect(plainSchemaCheck(schema)).toBeUndefined();
  });
});
