// Issue 37: Notion's MCP tools carry a whole library of `$defs` beside each input schema, most of which no `$ref`
// names; some use keywords strict mode cannot hold, so not one of its tools could be exported strict. A definition no
// reference reaches describes nothing the model sends: the strict rewrite drops it (with a warning) before it judges.
import { toOpenAITools } from "toolwright";
import { toStrictJsonSchema } from "../../src/schema/strict/rewrite.js";
import type { ObjectJsonSchema } from "toolwright";

const schema = {
  type: "object",
  properties: {
    page: { $ref: "#/$defs/pageRef" },
    color: { $ref: "#/$defs/palette/properties/color" },
  },
  required: ["page", "color"],
  $defs: {
    pageRef: { type: "object", properties: { id: { $ref: "#/$defs/id" } }, required: ["id"] },
    id: { type: "string" },
    palette: { type: "object", properties: { color: { enum: ["red", "blue"] } } },
    // Unreferenced, and each beyond strict mode: a negation, a conditional, pattern-keyed properties.
    filter: { not: { type: "null" } },
    rule: { if: { type: "string" }, then: { minLength: 1 } },
    bag: { type: "object", patternProperties: { "^x-": { type: "string" } } },
  },
} as unknown as ObjectJsonSchema;

describe("strict export prunes unreferenced $defs (issue 37)", () => {
  it.each(["openai", "anthropic"] as const)(
    "keeps only the reachable definitions for %s, and is strict",
    (provider) => {
      const result = toStrictJsonSchema(schema, { provider, tool: "notion_search" });
      expect(result.strict).toBe(true);
      expect(Object.keys(result.schema.$defs as object).sort()).toEqual(["id", "pageRef", "palette"]);
      expect(result.findings).toContainEqual(
        expect.objectContaining({
          severity: "warning",
          message: "Unreferenced definitions were removed: filter, rule, bag.",
        }),
      );
    },
  );

  it("drops a table no reference reaches at all", () => {
    const plain = { type: "object", properties: { q: { type: "string" } }, $defs: { unused: { not: {} } } };
    const result = toStrictJsonSchema(plain as unknown as ObjectJsonSchema, { provider: "openai" });
    expect(result.strict).toBe(true);
    expect(result.schema).not.toHaveProperty("$defs");
  });

  it("exports the tool with strict: true", () => {
    const [tool] = toOpenAITools([{ name: "notion_search", description: "Search", inputSchema: schema }], {
      strict: true,
    });
    expect(tool).toMatchObject({ type: "function", function: { name: "notion_search", strict: true } });
  });
});
