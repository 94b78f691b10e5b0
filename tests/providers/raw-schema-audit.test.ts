import {
  BaseAgent,
  type CompatibilityFinding,
  ToolDefinitionError,
  ToolRegistry,
  type ToolSpec,
  checkCompatibility,
  toAnthropicTools,
  toGeminiTools,
  toMcpTools,
  toOpenAITools,
} from "toolwright";
import { rawConstructs } from "../fixtures/providers/raw-constructs.js";
import { specOf } from "../fixtures/providers/tool-specs.js";

/** Each exporter configuration the audit covers: how to export, and the options checkCompatibility takes for it. */
const EXPORTS = {
  openai: { run: (s: ToolSpec) => toOpenAITools([s], { strict: false }), check: ["openai", { strict: false }] },
  openaiStrict: { run: (s: ToolSpec) => toOpenAITools([s]), check: ["openai", {}] },
  anthropic: { run: (s: ToolSpec) => toAnthropicTools([s]), check: ["anthropic", {}] },
  anthropicStrict: {
    run: (s: ToolSpec) => toAnthropicTools([s], { strict: "auto" }),
    check: ["anthropic", { strict: "auto" }],
  },
  geminiJson: { run: (s: ToolSpec) => toGeminiTools([s]), check: ["gemini", {}] },
  geminiOpenapi: {
    run: (s: ToolSpec) => toGeminiTools([s], { mode: "openapi" }),
    check: ["gemini", { mode: "openapi" }],
  },
  mcp: { run: (s: ToolSpec) => toMcpTools([s]), check: ["mcp", {}] },
} as const;

/**
 * What one exporter does with a tool, in one string: `"as is"` (no finding), `"rewritten: rules"` (accepted after a
 * documented rewrite, warnings only), or `"throws: rules"` (the exporter throws a ToolDefinitionError).
 */
function outcome(spec: ToolSpec, key: keyof typeof EXPORTS): string {
  const { run, check } = EXPORTS[key];
  const findings = checkCompatibility([spec], check[0], check[1] as never) as CompatibilityFinding[];
  const rules = (severity?: string) =>
    [...new Set(findings.filter((f) => !severity || f.severity === severity).map((f) => f.rule))].sort().join(" ");
  try {
    run(spec);
  } catch (error) {
    expect(error).toBeInstanceOf(ToolDefinitionError);
    return `throws: ${rules("error")}`;
  }
  expect(findings.filter((f) => f.severity === "error")).toEqual([]);
  return findings.length === 0 ? "as is" : `rewritten: ${rules()}`;
}

/** The row of a construct every exporter passes on unchanged. */
const AS_IS_EVERYWHERE = Object.fromEntries(Object.keys(EXPORTS).map((key) => [key, "as is"]));

const outcomes = (spec: ToolSpec) =>
  Object.fromEntries(Object.keys(EXPORTS).map((key) => [key, outcome(spec, key as keyof typeof EXPORTS)]));

describe("every exporter on every JSON Schema construct a raw schema can bring", () => {
  // Each row: the construct, the fixture, and per exporter "as is", "rewritten: <warning rules>" or "throws: <rules>".
  it.each([
    ["a $ref into $defs (2020-12)", rawConstructs.defsRef, AS_IS_EVERYWHERE],
    ["a $ref into definitions (draft-07), moved to $defs", rawConstructs.definitionsRef, AS_IS_EVERYWHERE],
    [
      "allOf with two members",
      rawConstructs.allOf,
      {
        openai: "as is",
        openaiStrict: "rewritten: openai.strict.all-of openai.strict.fallback openai.strict.untyped",
        anthropic: "as is",
        anthropicStrict: "rewritten: anthropic.strict.fallback anthropic.strict.keyword anthropic.strict.untyped",
        geminiJson: "rewritten: gemini.json-schema.keyword",
        geminiOpenapi: "throws: gemini.all-of gemini.untyped",
        mcp: "as is",
      },
    ],
    [
      "oneOf",
      rawConstructs.oneOf,
      {
        openai: "as is",
        openaiStrict: "rewritten: openai.strict.one-of",
        anthropic: "as is",
        anthropicStrict: "rewritten: anthropic.strict.one-of",
        geminiJson: "as is",
        geminiOpenapi: "rewritten: gemini.one-of",
        mcp: "as is",
      },
    ],
    [
      "not",
      rawConstructs.not,
      {
        openai: "as is",
        openaiStrict: "rewritten: openai.strict.fallback openai.strict.unsupported",
        anthropic: "as is",
        anthropicStrict: "rewritten: anthropic.strict.fallback anthropic.strict.unsupported",
        geminiJson: "rewritten: gemini.json-schema.keyword",
        geminiOpenapi: "throws: gemini.unsupported",
        mcp: "as is",
      },
    ],
    [
      "if / then / else",
      rawConstructs.ifThenElse,
      {
        openai: "as is",
        openaiStrict: "rewritten: openai.strict.fallback openai.strict.unsupported",
        anthropic: "as is",
        anthropicStrict: "rewritten: anthropic.strict.fallback anthropic.strict.unsupported",
        geminiJson: "rewritten: gemini.json-schema.keyword",
        geminiOpenapi: "throws: gemini.unsupported",
        mcp: "as is",
      },
    ],
    [
      "dependentSchemas",
      rawConstructs.dependentSchemas,
      {
        openai: "as is",
        openaiStrict: "rewritten: openai.strict.fallback openai.strict.unsupported",
        anthropic: "as is",
        anthropicStrict: "rewritten: anthropic.strict.fallback anthropic.strict.unsupported",
        geminiJson: "rewritten: gemini.json-schema.keyword",
        geminiOpenapi: "throws: gemini.unsupported",
        mcp: "as is",
      },
    ],
    [
      "dependentRequired",
      rawConstructs.dependentRequired,
      {
        openai: "as is",
        openaiStrict: "rewritten: openai.strict.fallback openai.strict.unsupported",
        anthropic: "as is",
        anthropicStrict: "rewritten: anthropic.strict.fallback anthropic.strict.unsupported",
        geminiJson: "rewritten: gemini.json-schema.keyword",
        geminiOpenapi: "throws: gemini.unsupported",
        mcp: "as is",
      },
    ],
    [
      "dependencies (draft-07), split into dependentRequired and dependentSchemas",
      rawConstructs.dependenciesDraft07,
      {
        openai: "as is",
        openaiStrict: "rewritten: openai.strict.fallback openai.strict.unsupported",
        anthropic: "as is",
        anthropicStrict: "rewritten: anthropic.strict.fallback anthropic.strict.unsupported",
        geminiJson: "rewritten: gemini.json-schema.keyword",
        geminiOpenapi: "throws: gemini.unsupported",
        mcp: "as is",
      },
    ],
    [
      "patternProperties",
      rawConstructs.patternProperties,
      {
        openai: "as is",
        openaiStrict: "rewritten: openai.strict.fallback openai.strict.open-object openai.strict.unsupported",
        anthropic: "as is",
        anthropicStrict:
          "rewritten: anthropic.strict.fallback anthropic.strict.open-object anthropic.strict.unsupported",
        geminiJson: "rewritten: gemini.json-schema.keyword",
        geminiOpenapi: "throws: gemini.empty-object",
        mcp: "as is",
      },
    ],
    [
      "propertyNames",
      rawConstructs.propertyNames,
      {
        openai: "as is",
        openaiStrict: "rewritten: openai.strict.fallback openai.strict.keyword openai.strict.open-object",
        anthropic: "as is",
        anthropicStrict: "rewritten: anthropic.strict.fallback anthropic.strict.keyword anthropic.strict.open-object",
        geminiJson: "rewritten: gemini.json-schema.keyword",
        geminiOpenapi: "throws: gemini.empty-object",
        mcp: "as is",
      },
    ],
    [
      "additionalProperties with a schema",
      rawConstructs.additionalSchema,
      {
        openai: "as is",
        openaiStrict: "rewritten: openai.strict.fallback openai.strict.open-object",
        anthropic: "as is",
        anthropicStrict: "rewritten: anthropic.strict.fallback anthropic.strict.open-object",
        geminiJson: "as is",
        geminiOpenapi: "throws: gemini.empty-object",
        mcp: "as is",
      },
    ],
    [
      "prefixItems (2020-12 tuple)",
      rawConstructs.prefixItems,
      {
        openai: "as is",
        openaiStrict: "rewritten: openai.strict.fallback openai.strict.unsupported",
        anthropic: "as is",
        anthropicStrict: "rewritten: anthropic.strict.fallback anthropic.strict.unsupported",
        geminiJson: "as is",
        geminiOpenapi: "throws: gemini.array-items gemini.unsupported",
        mcp: "as is",
      },
    ],
    [
      "items as an array (draft-07 tuple), moved to prefixItems",
      rawConstructs.tupleDraft07,
      {
        openai: "as is",
        openaiStrict: "rewritten: openai.strict.fallback openai.strict.unsupported openai.strict.untyped",
        anthropic: "as is",
        anthropicStrict: "rewritten: anthropic.strict.fallback anthropic.strict.unsupported anthropic.strict.untyped",
        geminiJson: "as is",
        geminiOpenapi: "throws: gemini.array-items gemini.unsupported",
        mcp: "as is",
      },
    ],
    [
      "contains",
      rawConstructs.contains,
      {
        openai: "as is",
        openaiStrict: "rewritten: openai.strict.keyword",
        anthropic: "as is",
        anthropicStrict: "rewritten: anthropic.strict.keyword",
        geminiJson: "rewritten: gemini.json-schema.keyword",
        geminiOpenapi: "rewritten: gemini.keyword",
        mcp: "as is",
      },
    ],
    [
      "an array without items",
      rawConstructs.arrayNoItems,
      {
        openai: "rewritten: openai.array-items",
        openaiStrict: "rewritten: openai.array-items openai.strict.fallback openai.strict.untyped",
        anthropic: "as is",
        anthropicStrict: "as is",
        geminiJson: "as is",
        geminiOpenapi: "throws: gemini.array-items",
        mcp: "as is",
      },
    ],
    [
      "a string const",
      rawConstructs.constString,
      {
        openai: "as is",
        openaiStrict: "as is",
        anthropic: "as is",
        anthropicStrict: "as is",
        geminiJson: "rewritten: gemini.json-schema.keyword",
        geminiOpenapi: "as is",
        mcp: "as is",
      },
    ],
    [
      "an object const",
      rawConstructs.constObject,
      {
        openai: "as is",
        openaiStrict: "as is",
        anthropic: "as is",
        anthropicStrict: "rewritten: anthropic.strict.complex-enum anthropic.strict.fallback",
        geminiJson: "rewritten: gemini.json-schema.keyword",
        geminiOpenapi: "throws: gemini.enum",
        mcp: "as is",
      },
    ],
    [
      "an enum of mixed types",
      rawConstructs.enumMixed,
      {
        openai: "as is",
        openaiStrict: "as is",
        anthropic: "as is",
        anthropicStrict: "as is",
        geminiJson: "as is",
        geminiOpenapi: "throws: gemini.enum",
        mcp: "as is",
      },
    ],
    [
      "an enum on integer",
      rawConstructs.enumInteger,
      {
        openai: "as is",
        openaiStrict: "as is",
        anthropic: "as is",
        anthropicStrict: "as is",
        geminiJson: "as is",
        geminiOpenapi: "rewritten: gemini.enum",
        mcp: "as is",
      },
    ],
    [
      "an enum on number",
      rawConstructs.enumNumber,
      {
        openai: "as is",
        openaiStrict: "as is",
        anthropic: "as is",
        anthropicStrict: "as is",
        geminiJson: "as is",
        geminiOpenapi: "rewritten: gemini.enum",
        mcp: "as is",
      },
    ],
    ["an enum with null", rawConstructs.enumNull, AS_IS_EVERYWHERE],
    [
      "format, known and custom",
      rawConstructs.format,
      {
        openai: "as is",
        openaiStrict: "rewritten: openai.strict.keyword",
        anthropic: "as is",
        anthropicStrict: "rewritten: anthropic.strict.keyword",
        geminiJson: "as is",
        geminiOpenapi: "as is",
        mcp: "as is",
      },
    ],
    ["a type array with null", rawConstructs.typeArrayNull, AS_IS_EVERYWHERE],
    ["a type array of two types", rawConstructs.typeArrayMulti, AS_IS_EVERYWHERE],
    [
      "OpenAPI's nullable: true",
      rawConstructs.openApiNullable,
      {
        openai: "as is",
        openaiStrict: "rewritten: openai.strict.keyword",
        anthropic: "as is",
        anthropicStrict: "rewritten: anthropic.strict.keyword",
        geminiJson: "rewritten: gemini.json-schema.keyword",
        geminiOpenapi: "as is",
        mcp: "as is",
      },
    ],
    [
      "boolean subschemas",
      rawConstructs.booleanSchema,
      {
        openai: "as is",
        openaiStrict: "rewritten: openai.strict.fallback openai.strict.untyped",
        anthropic: "as is",
        anthropicStrict: "rewritten: anthropic.strict.fallback anthropic.strict.untyped",
        geminiJson: "as is",
        geminiOpenapi: "throws: gemini.array-items gemini.untyped",
        mcp: "as is",
      },
    ],
    [
      "an empty schema (any value)",
      rawConstructs.emptySchema,
      {
        openai: "as is",
        openaiStrict: "rewritten: openai.strict.fallback openai.strict.untyped",
        anthropic: "as is",
        anthropicStrict: "rewritten: anthropic.strict.fallback anthropic.strict.untyped",
        geminiJson: "as is",
        geminiOpenapi: "throws: gemini.untyped",
        mcp: "as is",
      },
    ],
    [
      "annotations: $id, $comment, title, deprecated, readOnly, examples",
      rawConstructs.annotations,
      {
        openai: "as is",
        openaiStrict: "rewritten: openai.strict.keyword",
        anthropic: "as is",
        anthropicStrict: "rewritten: anthropic.strict.keyword",
        geminiJson: "rewritten: gemini.json-schema.keyword",
        geminiOpenapi: "as is",
        mcp: "as is",
      },
    ],
    ["a $schema inside a subschema, dropped", rawConstructs.nestedSchemaKeyword, AS_IS_EVERYWHERE],
    [
      "unevaluatedProperties",
      rawConstructs.unevaluated,
      {
        openai: "as is",
        openaiStrict: "as is",
        anthropic: "as is",
        anthropicStrict: "as is",
        geminiJson: "rewritten: gemini.json-schema.keyword",
        geminiOpenapi: "as is",
        mcp: "as is",
      },
    ],
    [
      "draft-04 boolean exclusiveMinimum, made numeric",
      rawConstructs.exclusiveDraft04,
      {
        openai: "as is",
        openaiStrict: "as is",
        anthropic: "as is",
        anthropicStrict: "rewritten: anthropic.strict.keyword",
        geminiJson: "rewritten: gemini.json-schema.keyword",
        geminiOpenapi: "rewritten: gemini.keyword",
        mcp: "as is",
      },
    ],
    [
      "anyOf at the root",
      rawConstructs.rootAnyOf,
      {
        openai: "throws: openai.root",
        openaiStrict: "throws: openai.root",
        anthropic: "throws: anthropic.root",
        anthropicStrict: "throws: anthropic.root",
        geminiJson: "as is",
        geminiOpenapi: "throws: gemini.untyped",
        mcp: "as is",
      },
    ],
    [
      "oneOf at the root",
      rawConstructs.rootOneOf,
      {
        openai: "throws: openai.root",
        openaiStrict: "throws: openai.root",
        anthropic: "throws: anthropic.root",
        anthropicStrict: "throws: anthropic.root",
        geminiJson: "as is",
        geminiOpenapi: "throws: gemini.untyped",
        mcp: "as is",
      },
    ],
    [
      "allOf at the root",
      rawConstructs.rootAllOf,
      {
        openai: "throws: openai.root",
        openaiStrict: "throws: openai.root",
        anthropic: "throws: anthropic.root",
        anthropicStrict: "throws: anthropic.root",
        geminiJson: "rewritten: gemini.json-schema.keyword",
        geminiOpenapi: "as is",
        mcp: "as is",
      },
    ],
    [
      "not at the root",
      rawConstructs.rootNot,
      {
        openai: "throws: openai.root",
        openaiStrict: "throws: openai.root",
        anthropic: "as is",
        anthropicStrict: "rewritten: anthropic.strict.fallback anthropic.strict.unsupported",
        geminiJson: "rewritten: gemini.json-schema.keyword",
        geminiOpenapi: "throws: gemini.unsupported",
        mcp: "as is",
      },
    ],
  ] as const)("%s", (_, spec, expected) => {
    expect(outcomes(spec)).toEqual(expected);
  });

  it("covers every fixture", () => {
    expect(Object.keys(rawConstructs).length).toBe(36);
  });
});

describe("what the exporters do instead of sending a schema the provider rejects", () => {
  it("throws a ToolDefinitionError naming tool, path and rule, and the option that avoids it", () => {
    expect(() => toGeminiTools([rawConstructs.prefixItems], { mode: "openapi" })).toThrow(
      /Cannot export these tools to gemini, which would reject them: prefix_items\/properties\/a\/prefixItems: .* \[gemini\.unsupported\].*pass fallback: "jsonSchema"/,
    );
    expect(() => toOpenAITools([rawConstructs.rootAnyOf])).toThrow(
      /root_any_of\/anyOf: OpenAI rejects `anyOf` at the top level of function parameters; move it into a property, or pass flattenRoot: true\. \[openai\.root\]/,
    );
    expect(() => toAnthropicTools([rawConstructs.rootOneOf], { strict: false })).toThrow(/\[anthropic\.root\]/);
  });

  it("sends a tool the OpenAPI subset cannot carry in parametersJsonSchema when fallback is jsonSchema", () => {
    const specs = [rawConstructs.prefixItems, rawConstructs.enumInteger];
    const [tuple, level] = toGeminiTools(specs, { mode: "openapi", fallback: "jsonSchema" });
    expect(tuple).toEqual({
      name: "prefix_items",
      description: "The prefix_items tool.",
      parametersJsonSchema: rawConstructs.prefixItems.inputSchema,
    });
    expect(level?.parameters).toEqual({
      type: "OBJECT",
      properties: { a: { type: "INTEGER", description: "One of 1, 2, 3." } },
    });
    const findings = checkCompatibility(specs, "gemini", { mode: "openapi", fallback: "jsonSchema" });
    expect(findings.filter((f) => f.severity === "error")).toEqual([]);
    expect(findings.map((f) => `${f.tool} ${f.rule}`)).toEqual(
      expect.arrayContaining([
        "prefix_items gemini.fallback",
        "prefix_items gemini.unsupported",
        "enum_integer gemini.enum",
      ]),
    );
  });

  it("never writes enum on a Gemini INTEGER or NUMBER", () => {
    const [declaration] = toGeminiTools([rawConstructs.enumNumber], { mode: "openapi" });
    expect(declaration?.parameters?.properties?.a).toEqual({ type: "NUMBER", description: "One of 0.5, 1.5." });
  });

  it("sends an array without items to OpenAI with items: {}, which means the same", () => {
    const [tool] = toOpenAITools([rawConstructs.arrayNoItems], { strict: false });
    expect(tool?.function.parameters.properties).toEqual({ a: { type: "array", items: {} } });
    expect(rawConstructs.arrayNoItems.inputSchema.properties).toEqual({ a: { type: "array" } });
  });
});

describe("flattenRoot (OpenAI and Anthropic)", () => {
  const source = specOf("fetch_doc", {
    type: "object",
    description: "Where the document is",
    properties: { format: { type: "string" } },
    oneOf: [
      { properties: { url: { type: "string", format: "uri" } }, required: ["url", "format"] },
      { properties: { path: { type: "string" } }, required: ["path", "format"] },
    ],
  });

  it("merges the branches of a root oneOf into one object the APIs accept, and says what they asked for", () => {
    const [openai] = toOpenAITools([source], { strict: false, flattenRoot: true });
    const [anthropic] = toAnthropicTools([source], { flattenRoot: true });
    const merged = {
      type: "object",
      description: "Where the document is\n\nGive exactly one of: url and format; or path and format.",
      properties: { format: { type: "string" }, url: { type: "string", format: "uri" }, path: { type: "string" } },
      required: ["format"],
    };
    expect(openai?.function.parameters).toEqual(merged);
    expect(anthropic?.input_schema).toEqual(merged);
    expect(checkCompatibility([source], "openai", { flattenRoot: true }).map((f) => `${f.severity} ${f.rule}`)).toEqual(
      expect.arrayContaining(["warning openai.root-flattened"]),
    );
  });

  it("keeps what every allOf member requires, and flattens for Anthropic only what Anthropic refuses", () => {
    const [allOf] = toOpenAITools([rawConstructs.rootAllOf], { strict: false, flattenRoot: true });
    expect(allOf?.function.parameters).toEqual({
      type: "object",
      properties: { a: { type: "string" } },
      required: ["a"],
    });
    const [not] = toAnthropicTools([rawConstructs.rootNot], { flattenRoot: true });
    expect(not?.input_schema).toEqual(rawConstructs.rootNot.inputSchema);
    expect(() => toOpenAITools([rawConstructs.rootNot])).toThrow(/pass flattenRoot: true/);
    expect(toOpenAITools([rawConstructs.rootNot], { flattenRoot: true })[0]?.function.parameters.description).toBe(
      'not: {"required":["a"]}.',
    );
  });

  it("still validates calls against the original schema", async () => {
    const registry = new ToolRegistry();
    registry.register("fetch_doc", (args: unknown) => args, { description: "Fetch", inputSchema: source.inputSchema });
    class Reader extends BaseAgent {}
    const reader = new Reader({ registry });
    expect(toOpenAITools(reader.toolSpecs(), { flattenRoot: true })[0]?.function.parameters.oneOf).toBeUndefined();
    const both = await reader.callTool("fetch_doc", { format: "md", url: "https://x.dev", path: "/a" });
    expect(both.error?.issues?.map((i) => i.keyword)).toContain("oneOf");
    expect((await reader.callTool("fetch_doc", { format: "md", path: "/a" })).ok).toBe(true);
  });
});
