import { BaseAgent, ToolRegistry, p, tool } from "toolwright";
import { noEval } from "../../src/schema/no-eval/no-eval-engine.js";

// On the worker and browser build, @cfworker/json-schema matched `pattern` with the runtime's backtracking RegExp: a
// developer's `^(a+)+$` and a model's 64 a's followed by "!" take about 2^64 steps there, which hangs a Worker for
// good. The no-eval validator now matches patterns with toolwright's linear-time matcher, as ajv does on Node, so the
// cases below answer at once; before the change the first one never returned (jest's timeout failed it).
const CATASTROPHIC = "^(a+)+$";
const EVIL = `${"a".repeat(64)}!`;

describe("pattern on the no-eval validator (issue #33)", () => {
  it("refuses a string that would make a backtracking matcher run for ever, with ajv's error", () => {
    const validate = noEval.compile({ type: "string", pattern: CATASTROPHIC });
    expect(validate(EVIL)).toBe(false);
    expect(validate.errors?.map((e) => [e.keyword, e.schemaPath, e.message])).toEqual([
      ["pattern", "#/pattern", `must match pattern "${CATASTROPHIC}"`],
    ]);
    expect(validate.errors?.[0]?.parentSchema).toEqual({ type: "string", pattern: CATASTROPHIC });
    expect(validate("a".repeat(64))).toBe(true);
  });

  it("checks a pattern inside not, anyOf and $ref as the interpreter's own keyword did", () => {
    const validate = noEval.compile({
      $defs: { word: { type: "string", pattern: CATASTROPHIC } },
      type: "object",
      properties: { a: { $ref: "#/$defs/word" }, b: { not: { pattern: CATASTROPHIC } } },
    });
    expect(validate({ a: "aaa", b: EVIL })).toBe(true);
    expect(validate({ a: EVIL, b: "aaa" })).toBe(false);
    expect(validate.errors?.map((e) => [e.instancePath, e.keyword])).toEqual([
      ["/a", "pattern"],
      ["/b", "not"],
    ]);
  });

  it("reports pattern and format of one node each on its own, and skips the pattern of a string over its length", () => {
    const validate = noEval.compile({ type: "string", pattern: "^[a-z]+$", format: "email", maxLength: 10 });
    expect(validate("AB")).toBe(false);
    expect(validate.errors?.map((e) => e.message)).toEqual([
      'must match pattern "^[a-z]+$"',
      'must match format "email"',
    ]);
    expect(validate("AAAAAAAAAAAAAAAA")).toBe(false);
    expect(validate.errors?.map((e) => e.keyword)).toEqual(["maxLength", "format"]);
  });

  it("refuses at definition the patterns Node refuses (lookaround has no linear-time form)", () => {
    expect(() => noEval.compile({ type: "string", pattern: "^(?=a)a$" })).toThrow(/cannot be matched in linear time/);
    expect(() => noEval.compile({ type: "object", patternProperties: { "^(?!x)": {} } })).toThrow(
      /cannot be matched in linear time/,
    );
  });

  it("answers a tool call with a catastrophic pattern as INVALID_ARGUMENTS naming the field", async () => {
    class Words extends BaseAgent {
      static override agentName = "words";
      @tool({ description: "Take a word", params: { word: p.string({ pattern: CATASTROPHIC }) } })
      take({ word }: { word: string }): string {
        return word;
      }
    }
    const agent = new Words({ registry: new ToolRegistry() });
    const result = await agent.callTool("take", { word: EVIL });
    expect(result.ok).toBe(false);
    expect(result.error?.code).toBe("INVALID_ARGUMENTS");
    expect(result.error?.issues?.map((i) => [i.path, i.keyword])).toEqual([["/word", "pattern"]]);
  });
});
