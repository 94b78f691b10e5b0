import { stableStringify } from "../../src/schema/stable-stringify.js";

// The text stableStringify always defined (a replacer that copies each object with sorted keys): hashes made from it
// (approvals, repeat streaks, cache records in a shared store) must not change with the fast path for plain data.
function reference(value: unknown): string {
  return JSON.stringify(value, (_key, field: unknown) => {
    if (typeof field === "bigint") return `${field}n`;
    if (typeof field !== "object" || field === null || Array.isArray(field)) return field;
    const sorted = Object.create(null) as Record<string, unknown>;
    for (const key of Object.keys(field).sort()) sorted[key] = (field as Record<string, unknown>)[key];
    return sorted;
  });
}

const protoKey = JSON.parse('{"__proto__": 1, "a": 2}') as unknown;
const nullProto = Object.assign(Object.create(null) as object, { b: 1, a: [1, "x"] });

const cases: [string, unknown][] = [
  ["flat arguments", { b: 2, a: 1 }],
  ["nested objects and arrays", { z: { y: [1, { d: null, c: true }], x: 'é\n"\u0000' }, a: [] }],
  ["non-finite numbers and negative zero", { n: NaN, i: -Infinity, z: -0, e: 1e21, f: 0.1 }],
  ["undefined properties skipped", { a: undefined, b: 1 }],
  ["undefined array items", [1, undefined, 3]],
  ["array holes", [1, , 3]], // eslint-disable-line no-sparse-arrays
  ["index-like keys (listed first, in numeric order)", { b: 1, "10": 2, "2": 3, a: 4 }],
  ["a key starting with a digit", { "1a": 1, a: 2 }],
  ["keys JSON must escape", { 'q"k': 1, "\n": 2, "\\": 3, "\ud800": 4 }],
  [
    "keys already in order, then not",
    [
      { a: 1, b: 2, c: 3 },
      { c: 1, a: 2, B: 3 },
    ],
  ],
  ["an own __proto__ key", protoKey],
  ["a null-prototype object", nullProto],
  ["a BigInt", { n: 12n }],
  ["a Date (toJSON)", { at: new Date(0) }],
  ["an own toJSON", { toJSON: () => ({ b: 1, a: 2 }) }],
  ["a class instance", { m: new Map([[1, 2]]) }],
  ["functions and symbols", { f: () => 1, s: Symbol("s"), a: [() => 1] }],
  ["a boxed string", { s: new String("x") }],
  ["deep nesting", JSON.parse(`${"[".repeat(40)}{"b":1,"a":2}${"]".repeat(40)}`) as unknown],
  ["top-level primitives", "text"],
  ["null", null],
];

describe("stableStringify", () => {
  it.each(cases)("writes %s as it always did", (_name, value) => {
    expect(stableStringify(value)).toBe(reference(value));
  });

  it("sorts keys, so equal content gives equal text", () => {
    expect(stableStringify({ b: { d: 1, c: 2 }, a: 1 })).toBe('{"a":1,"b":{"c":2,"d":1}}');
  });

  it("throws for a cycle", () => {
    const cycle: Record<string, unknown> = { a: 1 };
    cycle.self = cycle;
    expect(() => stableStringify(cycle)).toThrow();
  });
});
