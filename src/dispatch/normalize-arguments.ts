import type { ArgumentIssue } from "../errors/errors.js";
import { type JsonSchema, isPlainObject } from "../params/json-schema.js";

/** Arguments ready for validation, or the issue that stopped them. */
export type ParsedArguments =
  { readonly ok: true; readonly args: unknown } | { readonly ok: false; readonly issue: ArgumentIssue };

/**
 * Accepts arguments as an object or as the JSON text a model produced. Empty text means no arguments (some models send
 * `""` for a tool without parameters). Malformed JSON is an issue carrying the parser's message.
 */
export function parseArguments(raw: unknown): ParsedArguments {
  if (typeof raw !== "string") return { ok: true, args: raw ?? {} };
  if (raw.trim() === "") return { ok: true, args: {} };
  try {
    return { ok: true, args: JSON.parse(raw) as unknown };
  } catch (error) {
    const message = `is not valid JSON (${(error as Error).message}); send the arguments as one JSON object`;
    return { ok: false, issue: { path: "", keyword: "json", message } };
  }
}

/**
 * Returns a copy of the arguments in which an optional field sent as `null`, whose own schema does not accept null, is
 * absent (strict-mode providers make the model send null for every omitted field), and every missing field that has a
 * schema `default` holds a copy of it. Nested objects are treated the same way. The input is never changed.
 */
export function normalizeArguments(schema: JsonSchema, value: unknown): unknown {
  if (Array.isArray(value)) {
    const items = schema.items;
    return typeof items === "object" ? value.map((item) => normalizeArguments(items, item)) : value;
  }
  const properties = schema.properties;
  if (!isPlainObject(value) || !properties) return value;
  const required = schema.required ?? [];
  const result: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) {
    const fieldSchema = Object.hasOwn(properties, key) ? properties[key] : undefined;
    if (field === null && fieldSchema && !required.includes(key) && !acceptsNull(fieldSchema)) continue;
    result[key] = fieldSchema ? normalizeArguments(fieldSchema, field) : field;
  }
  for (const [key, fieldSchema] of Object.entries(properties)) {
    if (result[key] === undefined && fieldSchema.default !== undefined)
      result[key] = structuredClone(fieldSchema.default);
  }
  return result;
}

/** Returns true when a schema may accept `null`. Unknown shapes (`$ref`, `{}`) count as accepting, to stay safe. */
export function acceptsNull(schema: JsonSchema): boolean {
  if (schema.$ref !== undefined || Object.keys(schema).every((k) => k === "description" || k === "title")) return true;
  if (schema.const === null || schema.enum?.includes(null)) return true;
  const type = schema.type;
  if (type === "null" || (Array.isArray(type) && type.includes("null"))) return true;
  const branches = [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])];
  return branches.some(acceptsNull);
}
