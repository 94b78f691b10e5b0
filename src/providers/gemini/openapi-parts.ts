import { isPlainObject } from "../../schema/json.js";
import { CUT, type GeminiSchema, type OpenApiContext, type OpenApiConvert, type Path } from "./openapi-types.js";

// Parameter names of `parameters` (https://ai.google.dev/api/caching#FunctionDeclaration, and Vertex AI's reference).
const PARAMETER_NAME = /^[a-zA-Z_][a-zA-Z0-9_]{0,63}$/;

/**
 * Converts `enum` or `const`. Gemini allows `enum` only on STRING: string values stay; numeric ones keep their type,
 * and the values move into the description (the API answers an enum on INTEGER or NUMBER, even with the
 * `format: "enum"` the SDK's docs show, with "enum: only allowed for STRING type"); mixed values or an object `const`
 * are an error (as strings, no valid value could be sent); a boolean `const` becomes a boolean with a note. `null`
 * among the values becomes `nullable: true`.
 */
export function convertEnum(
  node: Record<string, unknown>,
  out: GeminiSchema,
  src: Path,
  ctx: OpenApiContext,
): string[] {
  const key = node.enum !== undefined ? "enum" : "const";
  const values = key === "enum" ? (Array.isArray(node.enum) ? node.enum : []) : [node.const];
  if (values.includes(null)) out.nullable = true;
  const kept = values.filter((v) => v !== null);
  if (kept.length === 0) return [];
  if (kept.every((v) => typeof v === "boolean")) {
    out.type = "BOOLEAN";
    if (kept.length === 1)
      ctx.found.add([...src, key], "gemini.keyword", "warning", `Gemini has no boolean ${key}; it became a note.`);
    return kept.length === 1 ? [`Must be ${JSON.stringify(kept[0])}.`] : [];
  }
  const numeric = kept.every((v) => typeof v === "number");
  out.type = numeric ? (kept.every((v) => Number.isInteger(v)) ? "INTEGER" : "NUMBER") : "STRING";
  if (numeric) {
    const message = `Gemini allows \`${key}\` only on strings; the allowed numbers were moved into the description.`;
    ctx.found.add([...src, key], "gemini.enum", "warning", message);
    return [kept.length === 1 ? `Must be ${kept[0]}.` : `One of ${kept.join(", ")}.`];
  }
  if (!kept.every((v) => typeof v === "string")) {
    // As strings the values would be offered, and the model would send "1" where the schema allows only 1: every
    // such call would fail validation. Not sent, then: the exporter throws or falls back to JSON Schema.
    const message = `Gemini enums hold only strings, and ${JSON.stringify(kept.find((v) => typeof v !== "string"))} is not one; use fallback: "jsonSchema".`;
    ctx.found.add([...src, key], "gemini.enum", "error", message);
    return [];
  }
  out.enum = kept as string[];
  return [];
}

/** Converts an object's properties and `required`; a property cut by recursion is left out and reported. */
export function convertObject(
  node: Record<string, unknown>,
  out: GeminiSchema,
  src: Path,
  ctx: OpenApiContext,
  refs: readonly string[],
  convert: OpenApiConvert,
): void {
  out.type ??= "OBJECT";
  const required = new Set(Array.isArray(node.required) ? node.required.map(String) : []);
  const properties: Record<string, GeminiSchema> = {};
  for (const [key, value] of Object.entries(isPlainObject(node.properties) ? node.properties : {})) {
    const at = [...src, "properties", key];
    if (!PARAMETER_NAME.test(key)) {
      const message = `Gemini parameter names start with a letter or "_" and hold only letters, digits and "_" (64 at most); ${JSON.stringify(key)} does not.`;
      ctx.found.add(at, "gemini.parameter-name", "error", message);
    }
    const converted = convert(value, at, ctx, refs);
    if (converted !== CUT) {
      properties[key] = converted;
      continue;
    }
    const message = `Gemini's schema has no references: the recursive schema was inlined ${ctx.recursionDepth} levels deep and this property left out below that.`;
    ctx.found.add(at, "gemini.recursive", required.has(key) ? "error" : "warning", message);
  }
  if (Object.keys(properties).length === 0) {
    // "properties: should be non-empty for OBJECT type" (400), e.g. github.com/agno-agi/agno/issues/2112.
    const message =
      'Gemini rejects an OBJECT without properties (a record or a free-form object); use mode: "jsonSchema".';
    ctx.found.add(src, "gemini.empty-object", "error", message);
  }
  out.properties = properties;
  const kept = [...required].filter((k) => k in properties);
  if (kept.length > 0) out.required = kept;
}
