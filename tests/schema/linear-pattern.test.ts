import { ArgumentValidator, checkCompiles } from "../../src/schema/validator.js";
import { compileLinearPattern } from "../../src/schema/linear-pattern.js";

describe("compileLinearPattern", () => {
  it("matches anywhere in the string when the pattern is not anchored", () => {
    expect(compileLinearPattern("b").test("abc")).toBe(true);
    expect(compileLinearPattern("^b").test("abc")).toBe(false);
  });

  it("understands ECMAScript \\u escapes when a pattern uses them", () => {
    expect(compileLinearPattern("^\\u00e9+$").test("éé")).toBe(true);
    expect(compileLinearPattern("^[\\u0000-\\u001f]$").test("\n")).toBe(true);
    expect(compileLinearPattern("^\\\\u0041$").test("\\u0041")).toBe(true);
    expect(compileLinearPattern("^\\u{1F600}$").test("😀")).toBe(true);
  });

  it("throws a message naming the pattern when it needs lookaround or backreferences", () => {
    expect(() => compileLinearPattern("^(?=a)")).toThrow(/"\^\(\?=a\)" cannot be matched in linear time.*lookahead/);
    expect(() => compileLinearPattern("(a)\\1")).toThrow(SyntaxError);
  });
});

describe("ArgumentValidator patterns", () => {
  const validator = new ArgumentValidator();

  it("reports a pattern mismatch the way ajv words it when the string does not match", () => {
    const schema = { type: "object", properties: { id: { type: "string", pattern: "^[A-Z]+$" } } };
    expect(validator.validate(schema, { id: "abc" })).toEqual([
      { path: "/id", keyword: "pattern", message: 'must match pattern "^[A-Z]+$"' },
    ]);
    expect(validator.validate(schema, { id: "ABC" })).toEqual([]);
  });

  it("reports only the length when the string breaks its length bound", () => {
    const schema = { type: "object", properties: { s: { type: "string", pattern: "^b+$", maxLength: 3 } } };
    expect(validator.validate(schema, { s: "aaaaa" }).map((i) => i.keyword)).toEqual(["maxLength"]);
    expect(validator.validate(schema, { s: "aa" }).map((i) => i.keyword)).toEqual(["pattern"]);
  });

  it("counts code points, not UTF-16 units, for the length bound", () => {
    const schema = { type: "object", properties: { s: { type: "string", pattern: "^x$", maxLength: 2 } } };
    expect(validator.validate(schema, { s: "😀😀" }).map((i) => i.keyword)).toEqual(["pattern"]);
  });

  it("matches patternProperties with the linear engine too", () => {
    const schema = { type: "object", patternProperties: { "^(a+)+$": { type: "number" } } };
    expect(validator.validate(schema, { ["a".repeat(5000) + "!"]: "x" })).toEqual([]);
    expect(validator.validate(schema, { aaa: "x" })).toHaveLength(1);
  });

  it.each(["^(a+)+$", "^(a|a)*$", "^(a|aa)+$", "^(.*a){20}$", "^([a-zA-Z0-9]+\\s?)+$", "^(\\w+\\s?)*$"])(
    "finishes on a long hostile input when the pattern is the catastrophic %s",
    (pattern) => {
      const schema = { type: "object", properties: { s: { type: "string", pattern } } };
      const started = performance.now();
      const issues = validator.validate(schema, { s: "a".repeat(10_000) + "!" });
      // Backtracking engines need longer than the age of the universe here; RE2 needs milliseconds.
      expect(performance.now() - started).toBeLessThan(5_000);
      expect(issues.map((i) => i.keyword)).toEqual(["pattern"]);
    },
  );

  it("refuses at definition time a pattern RE2 cannot match in linear time", () => {
    expect(checkCompiles({ type: "string", pattern: "^(?!admin)" })).toMatch(/cannot be matched in linear time/);
  });
});
