import { isPlainObject } from "./json.js";

/** Keywords whose value is one subschema. */
const SINGLE = [
  "items",
  "additionalProperties",
  "not",
  "if",
  "then",
  "else",
  "contains",
  "propertyNames",
  "unevaluatedItems",
  "unevaluatedProperties",
  "additionalItems",
];
/** Keywords whose value is a list of subschemas. */
const LIST = ["anyOf", "oneOf", "allOf", "prefixItems", "items"];
/** Keywords whose value maps names to subschemas. */
const MAP = ["properties", "patternProperties", "$defs", "definitions", "dependentSchemas"];

/**
 * Calls `visit` for a schema and every subschema in it (depth first, the parent first), with the path of each as
 * segments. References are not followed, so every node is visited once.
 */
export function visitSchemas(
  schema: unknown,
  visit: (node: Record<string, unknown>, path: readonly string[]) => void,
  path: readonly string[] = [],
): void {
  if (!isPlainObject(schema)) return;
  visit(schema, path);
  for (const key of SINGLE) {
    if (isPlainObject(schema[key])) visitSchemas(schema[key], visit, [...path, key]);
  }
  for (const key of LIST) {
    const list = schema[key];
    if (Array.isArray(list)) list.forEach((member, i) => visitSchemas(member, visit, [...path, key, `${i}`]));
  }
  for (const key of MAP) {
    const map = schema[key];
    if (!isPlainObject(map)) continue;
    for (const [name, member] of Object.entries(map)) visitSchemas(member, visit, [...path, key, name]);
  }
}
