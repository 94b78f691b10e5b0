import { issuesOf } from "../../src/schema/argument-issues.js";
import { ArgumentValidator } from "../../src/schema/validator.js";

const validator = new ArgumentValidator();

describe("issuesOf (ajv errors as the issues a model reads)", () => {
  it("says each path and message once, however many errors repeat them", () => {
    // Each item fails both branches of its allOf alike: two ajv errors, one issue. Forty errors, twenty issues,
    // more than a rejected call usually has, so the repeats are found past the first few as well.
    const schema = {
      type: "object",
      properties: { xs: { type: "array", items: { allOf: [{ type: "number" }, { type: "number" }] } } },
    };
    const xs = Array.from({ length: 20 }, (_, i) => `item ${i}`);
    const issues = issuesOf(validator.compileArguments(schema), { xs });
    expect(issues).toEqual(xs.map((_, i) => ({ path: `/xs/${i}`, keyword: "type", message: "must be number" })));
  });

  it("keeps issues that share a path but not a message, and ones that share a message but not a path", () => {
    const schema = {
      type: "object",
      properties: { a: { type: "number", minimum: 10, multipleOf: 3 }, b: { type: "number", minimum: 10 } },
    };
    const issues = issuesOf(validator.compileArguments(schema), { a: 1, b: 2 });
    expect(issues.map((issue) => `${issue.path} ${issue.message}`)).toEqual([
      "/a must be >= 10",
      "/a must be multiple of 3",
      "/b must be >= 10",
    ]);
  });

  it("lists what a schema allows the same way on every rejected call", () => {
    const schema = {
      type: "object",
      properties: { mode: { enum: ["fast", 2, null] }, tag: { const: { k: "v" } } },
      additionalProperties: false,
    };
    const validate = validator.compileArguments(schema);
    for (let i = 0; i < 3; i++) {
      expect(issuesOf(validate, { mode: "slow", tag: 1, colour: "red" })).toEqual([
        { path: "/colour", keyword: "additionalProperties", message: "is not an allowed property; allowed: mode, tag" },
        { path: "/mode", keyword: "enum", message: 'must be one of "fast", 2, null' },
        { path: "/tag", keyword: "const", message: 'must be {"k":"v"}' },
      ]);
    }
  });
});
