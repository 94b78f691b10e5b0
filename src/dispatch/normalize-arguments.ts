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
  const result: Record<string, unknown> = {};
  // for...in with an own-key check: this runs on every call, and it allocates no entry arrays.
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    let field = value[key];
    if (field !== null && typeof field === "object") {
      const fieldSchema = Object.hasOwn(properties, key) ? properties[key] : undefined;
      if (fieldSchema) field = normalizeArguments(fieldSchema, field);
    } else if (field === null && Object.hasOwn(properties, key) && !schema.required?.includes(key)) {
      if (!acceptsNull(properties[key]!)) continue;
    }
    if (key === "__proto__") {
      // JSON.parse makes "__proto__" an own key; assigning it would set the copy's prototype instead, handing the
      // handler inherited fields that no validator sees. Kept as an own key, validation judges it like any other.
      Object.defineProperty(result, key, { value: field, enumerable: true, writable: true, configurable: true });
    } else {
      result[key] = field;
    }
  }
  for (const key in properties) {
    const fallback = properties[key]!.default;
    if (fallback !== undefined && result[key] === undefined) result[key] = structuredClone(fallback);
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
