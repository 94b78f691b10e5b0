import { type JsonSchema } from "toolwright";
import type { StrictSchemaResult } from "../../src/schema/strict/rewrite.js";
import { objectNodes, prop, rules, strictFor } from "../fixtures/providers/strict-helpers.js";
import { handWritten, optionals, rootRecursive, tree } from "../fixtures/providers/tool-specs.js";

const anthropic = (schema: JsonSchema | Record<string, unknown>): StrictSchemaResult => strictFor("anthropic", schema);

describe("toStrictJsonSchema (Anthropic)", () => {
  it("closes every object but keeps optional properties optional", () => {
    const result = anthropic(optionals.inputSchema);
    for (const node of objectNodes(result.schema)) expect(node.additionalProperties).toBe(false);
    expect(result.schema.required).toEqual(["query"]);
    expect(prop(result, "sort")).toEqual({ type: "string", enum: ["asc", "desc"] });
    expect(result.nulledOptionals).toEqual({});
  });

  it.each([
    ["minimum", { type: "integer", minimum: 1 }],
    ["maximum", { type: "number", maximum: 1 }],
    ["exclusiveMinimum", { type: "number", exclusiveMinimum: 0 }],
    ["multipleOf", { type: "number", multipleOf: 2 }],
    ["minLength", { type: "string", minLength: 1 }],
    ["maxLength", { type: "string", maxLength: 3 }],
    ["maxItems", { type: "array", items: { type: "string" }, maxItems: 3 }],
    ["minItems", { type: "array", items: { type: "string" }, minItems: 2 }],
  ])("moves %s, which strict tool use rejects, into the description", (keyword, schema) => {
    const result = anthropic({ type: "object", properties: { x: schema }, required: ["x"] });
    expect(prop(result, "x")[keyword]).toBeUndefined();
    expect(prop(result, "x").description).toEqual(expect.any(String));
    expect(rules(result)).toContain(`warning /properties/x/${keyword} anthropic.strict.keyword`);
  });

  it("keeps minItems 0 or 1, the formats it lists (uri included), default and a simple pattern", () => {
    const result = anthropic({
      type: "object",
      properties: {
        tags: { type: "array", items: { type: "string" }, minItems: 1 },
        site: { type: "string", format: "uri", pattern: "^https://", default: "https://a.b" },
      },
    });
    expect(prop(result, "tags").minItems).toBe(1);
    expect(prop(result, "site")).toEqual({
      type: "string",
      format: "uri",
      pattern: "^https://",
      default: "https://a.b",
    });
  });

  it.each([
    ["backreferences", "(a)\\1"],
    ["lookahead or lookbehind", "^(?=a)"],
    ["word boundaries", "\\bword\\b"],
  ])("moves a pattern with %s into the description", (_, pattern) => {
    const result = anthropic({ type: "object", properties: { x: { type: "string", pattern } } });
    expect(prop(result, "x").pattern).toBeUndefined();
    expect(rules(result)).toContain("warning /properties/x/pattern anthropic.strict.keyword");
  });

  it("reports recursive schemas as errors", () => {
    expect(rules(anthropic(tree.inputSchema))).toContain("error /properties/root/$ref anthropic.strict.recursive");
    expect(anthropic(rootRecursive.inputSchema).strict).toBe(false);
  });

  it("reports enum values that are objects or arrays", () => {
    const result = anthropic({ type: "object", properties: { x: { enum: [{ a: 1 }, "b"] } } });
    expect(rules(result)).toContain("error /properties/x/enum anthropic.strict.complex-enum");
  });

  it("keeps allOf but reports an allOf with a $ref member", () => {
    const kept = anthropic({ type: "object", properties: { x: { allOf: [{ type: "string" }, { type: "string" }] } } });
    expect(prop(kept, "x").allOf).toHaveLength(2);
    const withRef = anthropic({
      type: "object",
      properties: { x: { allOf: [{ $ref: "#/$defs/A" }] } },
      $defs: { A: { type: "object", properties: {} } },
    });
    expect(rules(withRef)).toContain("error /properties/x/allOf anthropic.strict.all-of");
  });

  it("turns oneOf into anyOf, as the Anthropic SDK's transformJSONSchema does", () => {
    const result = anthropic(handWritten.inputSchema);
    expect(prop(result, "contact").oneOf).toBeUndefined();
    expect(prop(result, "contact").anyOf).toHaveLength(2);
  });
});
