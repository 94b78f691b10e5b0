import { type GeminiSchema, toAnthropicTools, toGeminiTools, toMcpTools, toOpenAITools } from "toolwright";
import { makeAjv, metaSchemaProblems } from "../fixtures/providers/ajv.js";
import { fixtureSpecs } from "../fixtures/providers/tool-specs.js";

const ajv = makeAjv();

// Every JSON Schema any exporter emits for the whole fixture set, labelled for the failure message.
const emitted: [string, unknown][] = [
  ...toOpenAITools(fixtureSpecs, { strict: false }).map(
    (t) => [`openai chat ${t.function.name}`, t.function.parameters] as [string, unknown],
  ),
  ...toOpenAITools(fixtureSpecs, { api: "responses", strict: "auto" }).map(
    (t) => [`openai responses ${t.name}`, t.parameters] as [string, unknown],
  ),
  ...toAnthropicTools(fixtureSpecs).map((t) => [`anthropic ${t.name}`, t.input_schema] as [string, unknown]),
  ...toAnthropicTools(fixtureSpecs, { strict: "auto" }).map(
    (t) => [`anthropic strict ${t.name}`, t.input_schema] as [string, unknown],
  ),
  ...toGeminiTools(fixtureSpecs).map(
    (t) => [`gemini json ${t.name}`, t.parametersJsonSchema ?? {}] as [string, unknown],
  ),
  ...toMcpTools(fixtureSpecs).map((t) => [`mcp ${t.name}`, t.inputSchema] as [string, unknown]),
];

const GEMINI_FIELDS = new Set([
  "type",
  "format",
  "title",
  "description",
  "nullable",
  "enum",
  "properties",
  "required",
  "items",
  "anyOf",
  "minItems",
  "maxItems",
  "minLength",
  "maxLength",
  "minProperties",
  "maxProperties",
  "minimum",
  "maximum",
  "pattern",
  "default",
  "example",
]);
const GEMINI_TYPES = new Set(["STRING", "NUMBER", "INTEGER", "BOOLEAN", "ARRAY", "OBJECT"]);

/** Returns what in a converted schema falls outside Gemini's `Schema` message. */
function openApiProblems(schema: GeminiSchema, path = ""): string[] {
  const problems = Object.keys(schema)
    .filter((k) => !GEMINI_FIELDS.has(k))
    .map((k) => `${path}/${k} is not a Schema field`);
  if (schema.type !== undefined && !GEMINI_TYPES.has(schema.type)) problems.push(`${path}/type ${schema.type}`);
  if (schema.enum?.some((v) => typeof v !== "string")) problems.push(`${path}/enum holds a non-string`);
  for (const key of ["minItems", "maxItems", "minLength", "maxLength"] as const) {
    if (schema[key] !== undefined && typeof schema[key] !== "string")
      problems.push(`${path}/${key} is not an int64 string`);
  }
  for (const [key, child] of Object.entries(schema.properties ?? {}))
    problems.push(...openApiProblems(child, `${path}/properties/${key}`));
  if (schema.items) problems.push(...openApiProblems(schema.items, `${path}/items`));
  schema.anyOf?.forEach((branch, i) => problems.push(...openApiProblems(branch, `${path}/anyOf/${i}`)));
  return problems;
}

describe("exported schemas", () => {
  it.each(emitted)("are valid JSON Schema 2020-12 (%s)", (_, schema) => {
    expect(metaSchemaProblems(ajv, schema)).toBe("");
  });

  it.each(
    toGeminiTools(fixtureSpecs, { mode: "openapi", fallback: "jsonSchema" }).map(
      (t) => [t.name, t.parameters ?? {}] as const,
    ),
  )("fit Gemini's OpenAPI Schema message in openapi mode (%s)", (_, schema) => {
    expect(openApiProblems(schema)).toEqual([]);
  });
});
