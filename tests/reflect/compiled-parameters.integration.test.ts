import { readFileSync } from "node:fs";
import { join } from "node:path";
import { runInNewContext } from "node:vm";
import { transformSync as swcTransform } from "@swc/core";
import { transformSync as esbuildTransform } from "esbuild";
import * as ts from "typescript";
import { readParameters, type SourceParameter } from "../../src/reflect/parameters.js";

type AnyFunction = (...args: never[]) => unknown;

const FIXTURE_SOURCE = readFileSync(join(__dirname, "../fixtures/reflect-fixture.ts"), "utf8");

interface Compiler {
  readonly compiler: string;
  readonly compile: (source: string) => string;
}

const compilers: readonly Compiler[] = [
  {
    compiler: "tsc",
    compile: (source) =>
      ts.transpileModule(source, {
        compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.CommonJS },
      }).outputText,
  },
  {
    compiler: "esbuild",
    compile: (source) => esbuildTransform(source, { loader: "ts", format: "cjs", target: "es2022" }).code,
  },
  {
    compiler: "swc",
    compile: (source) =>
      swcTransform(source, {
        filename: "reflect-fixture.ts",
        swcrc: false,
        jsc: { target: "es2022", parser: { syntax: "typescript" } },
        module: { type: "commonjs" },
      }).code,
  },
];

const NO_VALUE = "(no literal value)";

/** What the reflector must read from each fixture method, whatever the compiler. */
interface Expected {
  readonly name: string | undefined;
  readonly rest: boolean;
  readonly hasDefault: boolean;
  readonly value: unknown;
}

const plain = (name: string): Expected => ({ name, rest: false, hasDefault: false, value: NO_VALUE });
const withDefault = (name: string | undefined, value: unknown): Expected => ({
  name,
  rest: false,
  hasDefault: true,
  value,
});

const EXPECTED: Readonly<Record<string, readonly Expected[]>> = {
  separators: [
    plain("text"),
    withDefault("joiner", ", ) = ("),
    withDefault("after", "x"),
    withDefault("escaped", 'it\'s "a\tb" é'),
  ],
  commented: [plain("first"), withDefault("second", 7)],
  destructured: [{ ...plain("unused"), name: undefined }, withDefault(undefined, [1, 2])],
  rest: [plain("head"), { ...plain("tail"), rest: true }],
  fetchAll: [plain("url"), withDefault("retries", 3)],
  generate: [plain("count"), withDefault("step", 1)],
  stream: [plain("source"), withDefault("chunk", 1024)],
  static: [plain("value")],
  get: [plain("key"), withDefault("fallback", null)],
  async: [plain("task")],
  numbers: [
    withDefault("limit", 10),
    withDefault("offset", -5),
    withDefault("mask", 255),
    withDefault("big", 1000),
    withDefault("tiny", 0.001),
  ],
  collections: [
    withDefault("tags", ["a", "b,c", 3]),
    withDefault("options", { depth: 2, "quoted-key": true, 7: null, nested: { ok: false } }),
  ],
  computed: [withDefault("at", NO_VALUE), withDefault("label", "plain"), withDefault("arrow", NO_VALUE)],
  patterns: [withDefault("matcher", NO_VALUE), withDefault("callback", NO_VALUE)],
};

// Runs CommonJS output in a fresh context, as `require` would, and returns the fixture class's prototype.
function loadFixturePrototype(code: string): Record<string, unknown> {
  const module = { exports: {} as Record<string, unknown> };
  runInNewContext(code, { module, exports: module.exports });
  const fixture = module.exports["ReflectFixture"] as { prototype: Record<string, unknown> } | undefined;
  if (fixture === undefined) throw new Error("the compiled fixture does not export ReflectFixture");
  return fixture.prototype;
}

function readMethod(prototype: Record<string, unknown>, method: string): readonly SourceParameter[] {
  const result = readParameters(prototype[method] as AnyFunction);
  if (!result.ok) throw new Error(`cannot read ${method}: ${result.reason}`);
  return result.parameters;
}

function summarize(params: readonly SourceParameter[]): Expected[] {
  return params.map(({ name, rest, hasDefault, defaultValue }) => ({
    name,
    rest,
    hasDefault,
    value: defaultValue === undefined ? NO_VALUE : defaultValue.value,
  }));
}

describe.each(compilers)("ReflectFixture compiled by $compiler", ({ compile }) => {
  let prototype: Record<string, unknown> = {};
  beforeAll(() => {
    prototype = loadFixturePrototype(compile(FIXTURE_SOURCE));
  });
  const expectMethod = (method: string): void => {
    expect(summarize(readMethod(prototype, method))).toEqual(EXPECTED[method]);
  };

  it("reads defaults that contain a comma, parentheses, an equals sign and escapes", () => {
    expectMethod("separators");
  });

  it("reads parameters separated by comments and a default that holds one", () => {
    // esbuild keeps the inner comment by printing `(/* inside the default */ 7)`; the value is the same.
    expectMethod("commented");
  });

  it("reads destructuring patterns as unnamed parameters", () => {
    expectMethod("destructured");
  });

  it("reads a rest parameter", () => {
    expectMethod("rest");
  });

  it("reads async, generator and async generator methods", () => {
    expectMethod("fetchAll");
    expectMethod("generate");
    expectMethod("stream");
  });

  it("reads methods named static, get and async", () => {
    expectMethod("static");
    expectMethod("get");
    expectMethod("async");
  });

  it("reads number defaults, negative, hex, separated and exponent ones included", () => {
    expectMethod("numbers");
  });

  it("reads array and object literal defaults", () => {
    expectMethod("collections");
  });

  it("keeps non-literal defaults as source without a value", () => {
    expectMethod("computed");
    expectMethod("patterns");
    expect(readMethod(prototype, "computed")[0]?.defaultSource).toBe("Date.now()");
    expect(readMethod(prototype, "patterns")[0]?.defaultSource).toBe("/[,)]=/g");
  });

  it("reads every method of the fixture", () => {
    const methods = Object.getOwnPropertyNames(prototype).filter((name) => name !== "constructor");
    expect(methods.sort()).toEqual(Object.keys(EXPECTED).sort());
  });
});

describe("ReflectFixture minified by esbuild", () => {
  let prototype: Record<string, unknown> = {};
  beforeAll(() => {
    const { code } = esbuildTransform(FIXTURE_SOURCE, { loader: "ts", format: "cjs", target: "es2022", minify: true });
    prototype = loadFixturePrototype(code);
  });

  it("reads renamed parameters, so a check against the declared names fails instead of mis-mapping", () => {
    for (const [method, expected] of Object.entries(EXPECTED)) {
      const read = readMethod(prototype, method).map((p) => p.name);
      for (const [index, name] of read.entries()) {
        const declared = expected[index]?.name;
        if (declared !== undefined) expect(name).not.toBe(declared);
      }
    }
  });

  it("keeps the count, rest flags and literal defaults of every parameter", () => {
    for (const [method, expected] of Object.entries(EXPECTED)) {
      const withoutNames = (list: readonly Expected[]): unknown[] => list.map(({ name: _name, ...rest }) => rest);
      expect(withoutNames(summarize(readMethod(prototype, method)))).toEqual(withoutNames(expected));
    }
  });
});
