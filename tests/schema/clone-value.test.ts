import { cloneValue } from "../../src/schema/json.js";

// cloneValue copies a call's arguments wherever the pipeline snapshots them (an approval's, what a gate callback or a
// listener is shown): it must give exactly what structuredClone gives, and share nothing with the original.
// structuredClone makes its objects in Node's own realm, not jest's: a kind is checked by its tag, not instanceof.
const kind = (value: unknown) => Object.prototype.toString.call(value);

describe("cloneValue", () => {
  const same = <T>(value: T): T => {
    const copy = cloneValue(value);
    expect(copy).toStrictEqual(structuredClone(value));
    return copy;
  };

  it("copies plain JSON by value, sharing no object with the original", () => {
    const args = { path: "/tmp", list: [1, { n: 2 }], nested: { deep: { ok: true, none: null } } };
    const copy = same(args);
    expect(copy).not.toBe(args);
    expect(copy.list).not.toBe(args.list);
    expect(copy.list[1]).not.toBe(args.list[1]);
    expect(copy.nested.deep).not.toBe(args.nested.deep);
  });

  it("keeps what JSON would change or drop, as structuredClone does", () => {
    const copy = same({ at: new Date(0), missing: undefined, nan: Number.NaN, zero: -0, big: 1n, items: [undefined] });
    expect(kind(copy.at)).toBe("[object Date]");
    expect(Object.hasOwn(copy, "missing")).toBe(true);
    expect(Object.is(copy.zero, -0)).toBe(true);
    expect(copy.items).toHaveLength(1);
  });

  it("copies a cycle and a Map", () => {
    const cyclic: { name: string; self?: unknown } = { name: "loop" };
    cyclic.self = cyclic;
    const copy = same(cyclic);
    expect(copy.self).toBe(copy);
    expect(kind(same({ map: new Map([["a", 1]]) }).map)).toBe("[object Map]");
  });

  it("keeps a field named __proto__ as an own field", () => {
    const copy = same(JSON.parse('{"__proto__": {"admin": true}}') as Record<string, unknown>);
    expect(Object.keys(copy)).toEqual(["__proto__"]);
    expect((copy as { admin?: boolean }).admin).toBeUndefined();
  });

  it("refuses what structuredClone refuses", () => {
    expect(() => cloneValue({ run: () => 1 })).toThrow(expect.objectContaining({ name: "DataCloneError" }) as Error);
    expect(() => cloneValue({ tag: Symbol("x") })).toThrow(
      expect.objectContaining({ name: "DataCloneError" }) as Error,
    );
  });
});
