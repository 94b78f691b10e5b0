import fc from "fast-check";
import { type ExportableTool, PartialArgumentsReader, parsePartialArguments } from "toolwright";

// Every prefix of valid arguments reads, without throwing, to a value each of whose parts is a prefix of the final
// value's; the whole text reads to exactly JSON.parse's value. `npm run fuzz` runs more; FUZZ_SEED replays a failure.
const RUNS = Math.max(100, Math.ceil(Number(process.env.FUZZ_CALLS ?? 20_000) / 100));
const SEED = Number(process.env.FUZZ_SEED ?? 20261206);

const tool: ExportableTool = {
  name: "write",
  description: "Write a file",
  inputSchema: { type: "object", properties: {}, required: ["path"] },
};

// Strings with what a cut can split: escapes, surrogate pairs, quotes and backslashes.
const text = fc.oneof(
  fc.string({ unit: "binary", maxLength: 12 }),
  fc.constantFrom("", 'say "hi"', "back\\slash", "tab\tnew\nline", "é😀", "\u0000\u001f", "__proto__"),
);
const leaf = fc.oneof(
  text,
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
);
const { value: json } = fc.letrec((tie) => ({
  value: fc.oneof({ depthSize: "small" }, leaf, tie("array"), tie("object")),
  array: fc.array(tie("value"), { maxLength: 4 }),
  object: fc.dictionary(text, tie("value"), { maxKeys: 4 }),
}));
const args = fc.dictionary(text, json, { maxKeys: 5 });
const layout = fc.constantFrom(undefined, 1, "\t");

/** True when `partial` could be what is known of `final` so far. */
function isPrefixOf(partial: unknown, final: unknown): boolean {
  if (partial === undefined) return true;
  if (typeof final === "string") return typeof partial === "string" && final.startsWith(partial);
  if (Array.isArray(final)) {
    if (!Array.isArray(partial) || partial.length > final.length) return false;
    return partial.every((item, i) =>
      i < partial.length - 1 ? Object.is(item, final[i]) || same(item, final[i]) : isPrefixOf(item, final[i]),
    );
  }
  if (final !== null && typeof final === "object") {
    if (partial === null || typeof partial !== "object" || Array.isArray(partial)) return false;
    return Object.keys(partial).every(
      (key) =>
        Object.hasOwn(final, key) &&
        isPrefixOf((partial as Record<string, unknown>)[key], (final as Record<string, unknown>)[key]),
    );
  }
  return Object.is(partial, final) || partial === final;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

describe("parsePartialArguments (fuzzed)", () => {
  it("reads every prefix of valid arguments to a prefix of the final value, and the whole to JSON.parse's", () => {
    fc.assert(
      fc.property(args, layout, (value, space) => {
        const whole = JSON.stringify(value, null, space);
        const final = JSON.parse(whole) as unknown;
        for (let end = 0; end < whole.length; end++) {
          const read = parsePartialArguments(tool, whole.slice(0, end));
          expect(read.malformed).toBe(false);
          expect(read.complete).toBe(false);
          if (!isPrefixOf(read.value, final))
            throw new Error(`prefix ${JSON.stringify(whole.slice(0, end))} read as ${JSON.stringify(read.value)}`);
          for (const key of read.done)
            expect(same((read.value as Record<string, unknown>)[key], (final as Record<string, unknown>)[key])).toBe(
              true,
            );
        }
        const read = parsePartialArguments(tool, whole);
        expect(read.complete).toBe(true);
        expect(same(read.value, final)).toBe(true);
        expect(read.done).toEqual(Object.keys(final as object));
      }),
      { numRuns: Math.ceil(RUNS / 2), seed: SEED },
    );
  });

  it("reads the same in pieces, and never changes a value it already returned", () => {
    fc.assert(
      fc.property(args, fc.array(fc.integer({ min: 1, max: 9 }), { minLength: 1, maxLength: 40 }), (value, cuts) => {
        const whole = JSON.stringify(value);
        const final = JSON.parse(whole) as unknown;
        const reader = new PartialArgumentsReader(tool);
        const seen: { value: unknown; json: string }[] = [];
        for (let at = 0, i = 0; at < whole.length; i++) {
          const next = Math.min(whole.length, at + cuts[i % cuts.length]!);
          const read = reader.push(whole.slice(at, next));
          expect(isPrefixOf(read.value, final)).toBe(true);
          seen.push({ value: read.value, json: JSON.stringify(read.value) ?? "" });
          at = next;
        }
        expect(same(reader.read().value, final)).toBe(true);
        for (const { value: earlier, json: then } of seen) expect(JSON.stringify(earlier) ?? "").toBe(then);
      }),
      { numRuns: RUNS, seed: SEED },
    );
  });

  it("never throws on any text, valid or not", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 60 }), fc.string({ maxLength: 20 }), (junk, more) => {
        const reader = new PartialArgumentsReader(tool);
        reader.push(junk);
        reader.push(more);
        expect(() => parsePartialArguments(tool, junk + more)).not.toThrow();
      }),
      { numRuns: RUNS, seed: SEED },
    );
  });
});
