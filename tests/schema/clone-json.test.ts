import { cloneJson } from "../../src/schema/json.js";

// cloneJson copies plain JSON with a walk and everything else with a JSON round trip; either way the result must be
// exactly what the round trip gives, since exporters promised that (and providers receive it).
const roundTrip = (value: unknown): unknown => JSON.parse(JSON.stringify(value)) as unknown;

class Point {
  constructor(
    readonly x: number,
    readonly y: number,
  ) {}
}

const withProtoKey = JSON.parse('{"__proto__": {"type": "string"}, "a": 1}') as object;
const nullProto = Object.assign(Object.create(null) as object, { a: 1, b: [true, null] });
const cases: ReadonlyArray<readonly [string, unknown]> = [
  ["a schema", { type: "object", properties: { a: { type: "integer", minimum: 1, default: 10 } }, required: ["a"] }],
  ["numeric keys in order", { b: 1, 2: "two", a: 3, 1: "one" }],
  ["undefined, function and symbol members", { a: undefined, b: () => 1, c: Symbol("c"), d: 1 }],
  ["undefined and a function in an array", [1, undefined, () => 1, 2]],
  // eslint-disable-next-line no-sparse-arrays -- a hole is what is tested
  ["a hole in an array", [1, , 3]],
  ["NaN and infinities", { a: NaN, b: [Infinity, -Infinity] }],
  ["negative zero", { a: -0, b: [-0] }],
  ["a Date", { when: new Date(0) }],
  ["a class instance", { at: new Point(1, 2) }],
  ["a Map", { map: new Map([["a", 1]]) }],
  ["an own toJSON", { value: { toJSON: () => "shown" } }],
  ["a __proto__ member", withProtoKey],
  ["a null-prototype object", nullProto],
  ["symbol keys", { [Symbol("s")]: 1, a: 2 }],
  ["a string", "text"],
  ["null", null],
];

describe("cloneJson", () => {
  it.each(cases)("gives what a JSON round trip gives for %s", (_what, value) => {
    const copy = cloneJson(value);
    expect(copy).toStrictEqual(roundTrip(value));
    expect(JSON.stringify(copy)).toBe(JSON.stringify(value));
  });

  it("keeps a __proto__ member as an own member, not the prototype", () => {
    const copy = cloneJson(withProtoKey) as Record<string, unknown>;
    expect(Object.hasOwn(copy, "__proto__")).toBe(true);
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
  });

  it("returns fresh, mutable objects that never alias the input", () => {
    const input = Object.freeze({ a: Object.freeze({ b: Object.freeze([1]) }) });
    const copy = cloneJson(input) as { a: { b: number[] } };
    copy.a.b.push(2);
    expect(input.a.b).toEqual([1]);
    expect(Object.isFrozen(copy.a)).toBe(false);
  });

  it("throws as the round trip does for a BigInt and a cycle", () => {
    const cycle: Record<string, unknown> = {};
    cycle.self = cycle;
    expect(() => cloneJson({ n: 1n })).toThrow(TypeError);
    expect(() => cloneJson(cycle)).toThrow(TypeError);
  });
});
