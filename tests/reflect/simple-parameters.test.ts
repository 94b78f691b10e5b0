import { runInNewContext } from "node:vm";
import fc from "fast-check";
import { transformSync as esbuildTransform } from "esbuild";
import { parseParameters } from "../../src/reflect/parameters.js";
import { readSimpleParameters } from "../../src/reflect/simple-parameters.js";

// The engine's own print of a class method with this parameter list, as the reflector reads it.
function methodSource(list: string): string {
  const fn = runInNewContext(`(class { run(${list}) { return 1; } }).prototype.run`) as () => unknown;
  return Function.prototype.toString.call(fn);
}

// The simple reader must return exactly what the parser does: the same values, keys in the same order, frozen alike.
function expectSameAsParser(source: string): void {
  const simple = readSimpleParameters(source);
  const parsed = parseParameters(source);
  expect(typeof parsed).not.toBe("string");
  expect(simple).toStrictEqual(parsed);
  expect(simple?.map((parameter) => Object.keys(parameter))).toEqual(
    (parsed as readonly object[]).map((parameter) => Object.keys(parameter)),
  );
  expect(Object.isFrozen(simple)).toBe(true);
  // -0 and 0 differ in a schema default; toStrictEqual tells them apart, this says so plainly.
  simple?.forEach((parameter, i) => {
    expect(Object.is(parameter.defaultValue?.value, (parsed as typeof simple)[i]?.defaultValue?.value)).toBe(true);
  });
}

const SIMPLE_LISTS = [
  "",
  "a",
  "query, limit = 10",
  "a = 0, b = -0, c = -7, d = 2.5, e = -0.125, f = 1234567890123456789012",
  "a = 'single', b = \"double\", c = '', d = \"it's\", e = 'say \"hi\"'",
  "a = true, b = false, c = null",
  "$ = 1, _x = 2, a1 = 3",
  "undefinedName, NaN, Infinity",
  "  a  =  1  ,\n\tb\n=\n'x'  ",
  'a = "\u00e9 \u2028 (,) = =>"',
];

// Each of these is left to the parser (which may still read it, or give its reason).
const DECLINED_LISTS = [
  "a, b,",
  "a = 1e3",
  "a = 0x10",
  "a = 0o17",
  "a = 1_000",
  "a = .5",
  "a = 5.",
  "a = 10n",
  "a = - 1",
  "a = 1 + 1",
  "a = (1)",
  "a = !0",
  "a = `x`",
  "a = 'x\\ty'",
  "a = 'x'.length",
  "a = undefined",
  "a = truthy",
  "a = true_",
  "a = [1]",
  "a = {}",
  "...rest",
  "{ a }",
  "[a]",
  "a /* note */, b",
  "a, // note\n b",
  "a = 1 /* note */",
  "\\u0061",
  "caf\u00e9",
  "a\u00a0",
  "a = 1, a = 2",
  "arguments",
  "yield",
  "let",
  "async",
  "a == 1",
];

describe("readSimpleParameters", () => {
  it.each(SIMPLE_LISTS)("reads (%s) as the parser does", (list) => {
    const source = methodSource(list);
    expect(readSimpleParameters(source)).toBeDefined();
    expectSameAsParser(source);
  });

  it.each(DECLINED_LISTS)("leaves (%s) to the parser", (list) => {
    let source: string;
    try {
      source = methodSource(list);
    } catch {
      // Not even a valid method (a duplicate or reserved name in class code): the reader must not accept it either.
      source = `run(${list}) { return 1; }`;
    }
    expect(readSimpleParameters(source)).toBeUndefined();
  });

  it.each([
    ["a function", "function run(a, b = 1) {}"],
    ["an anonymous function", "function (a) {}"],
    ["an arrow", "(a, b = 1) => a"],
    ["an arrow without parentheses", "a => a"],
    ["an async method", "async run(a) {}"],
    ["a generator method", "*run(a) {}"],
    ["a getter", "get size() {}"],
    ["a setter", "set size(value) {}"],
    ["a method printed without its name", "(a, b) {}"],
    ["a quoted method name", '"odd name"(a) {}'],
    ["a computed method name", "[key](a) {}"],
    ["a method named async", "async(a) {}"],
    ["a class", "class A { run(a) {} }"],
    ["a list that does not close into a body", "run(a) => a"],
  ])("leaves %s to the parser", (_label, source) => {
    expect(readSimpleParameters(source)).toBeUndefined();
  });

  it("reads what compilers print for methods with simple lists as the parser does", () => {
    const compiled = esbuildTransform(
      "export class A { find(query: string, limit = 10): string { return query; } tag(name: string, on = true, note = 'x'): void {} }",
      { loader: "ts", format: "cjs", target: "es2022" },
    ).code;
    const A = (
      runInNewContext(
        `const module = { exports: {} }; const exports = module.exports; ${compiled}; module.exports.A`,
      ) as {
        prototype: Record<string, () => unknown>;
      }
    ).prototype;
    for (const method of ["find", "tag"]) {
      const source = Function.prototype.toString.call(A[method]);
      expect(readSimpleParameters(source)).toBeDefined();
      expectSameAsParser(source);
    }
  });

  // Generated lists: plain names with literal defaults in the forms the reader accepts and some it must decline,
  // with varied spacing. Whenever the reader accepts one, its result must be the parser's.
  it("agrees with the parser on generated parameter lists", () => {
    const space = fc.constantFrom("", " ", "  ", "\n", "\t", " \n ");
    const value = fc.oneof(
      fc.integer({ min: -1_000_000, max: 1_000_000 }).map(String),
      fc.double({ noNaN: true, noDefaultInfinity: true }).map(String),
      fc.string({ unit: "grapheme", maxLength: 6 }).map((s) => JSON.stringify(s)),
      fc.string({ maxLength: 6 }).map((s) => `'${s.replaceAll("\\", "").replaceAll("'", "")}'`),
      fc.constantFrom("true", "false", "null", "undefined", "0x1F", "1e3", "-0", "00", "07", "1_0", "`t`", "!1", "(2)"),
    );
    const parameter = fc.tuple(
      fc.constantFrom("a", "b", "c", "limit", "query", "$x", "_", "yes", "no"),
      fc.option(fc.tuple(space, space, value), { nil: undefined }),
      space,
    );
    let accepted = 0;
    fc.assert(
      fc.property(fc.uniqueArray(parameter, { maxLength: 5, selector: ([name]) => name }), space, (params, lead) => {
        const list =
          lead +
          params.map(([name, def, after]) => (def ? `${name}${def[0]}=${def[1]}${def[2]}` : name) + after).join(",");
        let source: string;
        try {
          source = methodSource(list);
        } catch {
          return; // not a valid method: nothing for either reader to read
        }
        if (readSimpleParameters(source) === undefined) return;
        accepted += 1;
        expectSameAsParser(source);
      }),
      { numRuns: 2000 },
    );
    // The generator must exercise the reader, not only its refusals.
    expect(accepted).toBeGreaterThan(400);
  });
});
