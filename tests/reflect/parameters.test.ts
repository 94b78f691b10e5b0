import { runInNewContext } from "node:vm";
import { readParameters, type SourceParameter } from "../../src/reflect/parameters.js";

type AnyFunction = (...args: never[]) => unknown;

// Sources are evaluated as plain JavaScript in a fresh context, so the engine prints exactly what is written here
// (ts-jest would otherwise rewrite functions declared in this file).
function evaluate(expression: string): AnyFunction {
  return runInNewContext(`(${expression})`) as AnyFunction;
}

function classMethod(member: string, name: string): AnyFunction {
  return runInNewContext(`(class { ${member} }).prototype[${JSON.stringify(name)}]`) as AnyFunction;
}

function read(fn: AnyFunction): readonly SourceParameter[] {
  const result = readParameters(fn);
  if (!result.ok) throw new Error(`expected parameters, got: ${result.reason}`);
  return result.parameters;
}

function names(fn: AnyFunction): (string | undefined)[] {
  return read(fn).map((p) => p.name);
}

function onlyParameter(list: string): SourceParameter {
  const [first, ...others] = read(evaluate(`function (${list}) {}`));
  expect(others).toEqual([]);
  if (first === undefined) throw new Error("no parameter read");
  return first;
}

describe("readParameters", () => {
  describe("function and method forms", () => {
    it.each<[string, () => AnyFunction]>([
      ["a plain method", () => classMethod("run(first, second) {}", "run")],
      ["an async method", () => classMethod("async run(first, second) {}", "run")],
      ["a generator method", () => classMethod("*run(first, second) {}", "run")],
      ["an async generator method", () => classMethod("async *run(first, second) {}", "run")],
      [
        "a method named static, which V8 prints without its name",
        () => classMethod("static(first, second) {}", "static"),
      ],
      ["a method named get", () => classMethod("get(first, second) {}", "get")],
      ["a method named set", () => classMethod("set(first, second) {}", "set")],
      ["a method named async", () => classMethod("async(first, second) {}", "async")],
      ["a method named class", () => classMethod("class(first, second) {}", "class")],
      ["an async method named async", () => classMethod("async async(first, second) {}", "async")],
      ["a static method", () => evaluate("class { static run(first, second) {} }.run")],
      [
        "a quoted method name holding brackets",
        () => classMethod(`"odd (name, [x"(first, second) {}`, "odd (name, [x"),
      ],
      ["a computed method name holding brackets", () => classMethod("[`(${']'}`](first, second) {}", "(]")],
      [
        "a computed symbol method name",
        () => evaluate("class { [Symbol.iterator](first, second) {} }.prototype[Symbol.iterator]"),
      ],
      ["an object literal method", () => evaluate("{ run(first, second) {} }.run")],
      ["a named function", () => evaluate("function run(first, second) {}")],
      ["an anonymous function", () => evaluate("function (first, second) {}")],
      ["an async generator function", () => evaluate("async function* run(first, second) {}")],
      ["a parenthesized arrow", () => evaluate("(first, second) => first")],
      ["an async arrow", () => evaluate("async (first, second) => first")],
      ["a Function constructor result", () => runInNewContext('new Function("first", "second", "return first")')],
    ])("reads the parameter names of %s", (_label, make) => {
      expect(names(make())).toEqual(["first", "second"]);
    });

    it("reads the single parameter of an arrow without parentheses", () => {
      expect(names(evaluate("value => value"))).toEqual(["value"]);
      expect(names(evaluate("async value => value"))).toEqual(["value"]);
    });

    it("reads a parameter named async when the arrow has no parentheses", () => {
      expect(names(evaluate("async => 1"))).toEqual(["async"]);
    });

    it("reads a setter's parameter when given the setter function", () => {
      const holder = runInNewContext("(class { set size(value) {} }).prototype") as object;
      const setter = Object.getOwnPropertyDescriptor(holder, "size")?.set;
      expect(setter && names(setter)).toEqual(["value"]);
    });

    it("reads no parameters from an empty list", () => {
      expect(read(evaluate("function () {}"))).toEqual([]);
      expect(read(evaluate("() => 1"))).toEqual([]);
    });

    it("reads the real source when the function overrides toString", () => {
      const fn = evaluate("Object.assign(function run(first) {}, { toString: () => 'function (x, y) {}' })");
      expect(names(fn)).toEqual(["first"]);
    });
  });

  describe("parameter lists", () => {
    it("reads defaults that contain commas, parentheses, brackets, braces, = and =>", () => {
      const params = read(
        evaluate(
          "function (a = f(1, (2)), b = [1, [2, 3]], c = { d: { e: 1 } }, g = (x, y = 2) => { return x; }, h = x => x) {}",
        ),
      );
      expect(params.map((p) => p.name)).toEqual(["a", "b", "c", "g", "h"]);
      expect(params.map((p) => p.defaultSource)).toEqual([
        "f(1, (2))",
        "[1, [2, 3]]",
        "{ d: { e: 1 } }",
        "(x, y = 2) => { return x; }",
        "x => x",
      ]);
    });

    it("reads string defaults that contain separators and escaped quotes", () => {
      const params = read(evaluate(String.raw`function (a = "),(=", b = '\'),(\\', c = "\"", d) {}`));
      expect(params.map((p) => p.defaultValue?.value)).toEqual(["),(=", "'),(\\", '"', undefined]);
      expect(params.map((p) => p.name)).toEqual(["a", "b", "c", "d"]);
    });

    it("reads template literal defaults with nested substitutions", () => {
      const params = read(evaluate("function (a = `x${`y${'}'}`}),`, b = `)`) {}"));
      expect(params.map((p) => p.name)).toEqual(["a", "b"]);
      expect(params[0]?.defaultSource).toBe("`x${`y${'}'}`}),`");
      expect(params[0]).not.toHaveProperty("defaultValue");
      expect(params[1]?.defaultValue).toEqual({ value: ")" });
    });

    it("tells regular expression literals from division", () => {
      const params = read(evaluate(String.raw`function (a = /[,)]=\//g, b = 4 / 2 / 1, c = (1) / 2, d) {}`));
      expect(params.map((p) => p.name)).toEqual(["a", "b", "c", "d"]);
      expect(params.map((p) => p.defaultSource)).toEqual([String.raw`/[,)]=\//g`, "4 / 2 / 1", "(1) / 2", undefined]);
    });

    it("skips line and block comments between parameters and around defaults", () => {
      const fn = evaluate(`function (
        a, // a comment, with a comma )
        /* a block ( comment, */ b = /* before */ 1 /* after, ) */,
        c = "// not a comment", d = "/* nor this */"
      ) {}`);
      const params = read(fn);
      expect(params.map((p) => p.name)).toEqual(["a", "b", "c", "d"]);
      expect(params[1]?.defaultSource).toBe("1");
      expect(params.map((p) => p.defaultValue?.value)).toEqual([undefined, 1, "// not a comment", "/* nor this */"]);
    });

    it("reads destructuring patterns with defaults inside and outside as unnamed parameters", () => {
      const params = read(evaluate('function ({ a, b = "," } = {}, [c = ")", d] = [], { e = 1 }) {}'));
      expect(params).toEqual([
        { name: undefined, rest: false, hasDefault: true, defaultSource: "{}", defaultValue: { value: {} } },
        { name: undefined, rest: false, hasDefault: true, defaultSource: "[]", defaultValue: { value: [] } },
        { name: undefined, rest: false, hasDefault: false },
      ]);
    });

    it("reads rest parameters, named and destructured", () => {
      expect(read(evaluate("function (head, ...tail) {}"))).toEqual([
        { name: "head", rest: false, hasDefault: false },
        { name: "tail", rest: true, hasDefault: false },
      ]);
      expect(read(evaluate("function (...[a, b]) {}"))).toEqual([{ name: undefined, rest: true, hasDefault: false }]);
    });

    it("ignores a trailing comma and newlines", () => {
      expect(names(evaluate("function (\n  first,\n  second = 2,\n) {}"))).toEqual(["first", "second"]);
    });

    it("does not take comparison operators in a default for a second default", () => {
      const params = read(evaluate("function (a = b === c, d = e >= f, g = h != i, j = k <= l) {}"));
      expect(params.map((p) => p.defaultSource)).toEqual(["b === c", "e >= f", "h != i", "k <= l"]);
    });

    it("decodes an identifier written with unicode escapes", () => {
      expect(names(evaluate(String.raw`function (\u0061b) {}`))).toEqual(["ab"]);
    });
  });

  describe("literal defaults", () => {
    it.each<[string, unknown]>([
      ["10", 10],
      ["-5", -5],
      ["- 2.5", -2.5],
      ["0xff", 255],
      ["-0x1_0", -16],
      ["1_000", 1000],
      ["1e3", 1000],
      ["2.5E-3", 0.0025],
      [".5", 0.5],
      ["0b101", 5],
      ["0o17", 15],
      ["''", ""],
      ['""', ""],
      ["``", ""],
      ["`plain, text`", "plain, text"],
      [String.raw`"tab\there\nline \u00e9 \u{1F600} \x41 \0"`, "tab\there\nline é 😀 A \0"],
      [
        String.raw`'line \
continues'`,
        "line continues",
      ],
      ["true", true],
      ["false", false],
      ["!0", true],
      ["!1", false],
      ["null", null],
      ["(7)", 7],
      ['[1, "two", [true, null], ]', [1, "two", [true, null]]],
      [
        '{ depth: 2, "quoted-key": "v", 7: null, 0x10: 1, default: [], nested: { ok: false }, }',
        { depth: 2, "quoted-key": "v", 7: null, 16: 1, default: [], nested: { ok: false } },
      ],
    ])("reads the literal default %s", (source, value) => {
      const param = onlyParameter(`x = ${source}`);
      expect(param.hasDefault).toBe(true);
      expect(param.defaultSource).toBe(source);
      expect(param.defaultValue).toEqual({ value });
    });

    it.each([
      "undefined",
      "void 0",
      "Date.now()",
      "`a${1}`",
      "other",
      "-other",
      "1 + 2",
      "10n",
      "/re/g",
      "[other]",
      "[1, , 2]",
      "[...other]",
      "{ other }",
      "{ [other]: 1 }",
      "{ __proto__: null }",
      '{ "__proto__": null }',
      "() => 1",
      "new Map()",
      String.raw`"\8"`,
    ])("keeps the default %s as source without a value", (source) => {
      const param = onlyParameter(`x = ${source}`);
      expect(param.hasDefault).toBe(true);
      expect(param.defaultSource).toBe(source);
      expect(param).not.toHaveProperty("defaultValue");
    });
  });

  describe("failures", () => {
    it("reports native code", () => {
      const result = readParameters(Math.max);
      expect(result.ok).toBe(false);
      expect(!result.ok && result.reason).toMatch(/native code/);
    });

    it("reports a bound function", () => {
      const result = readParameters(evaluate("function run(first) {}").bind(null));
      expect(result.ok).toBe(false);
      expect(!result.ok && result.reason).toMatch(/bound function/);
    });

    it("reports a class", () => {
      const result = readParameters(evaluate("class Agent { constructor(first) {} }"));
      expect(result.ok).toBe(false);
      expect(!result.ok && result.reason).toMatch(/class/);
    });

    it("reports a value that is not a function", () => {
      const result = readParameters({} as AnyFunction);
      expect(result.ok).toBe(false);
    });
  });
});
