import { isPlainObject } from "../json.js";
import { cloneJson } from "../json.js";
import { isLocalRef, resolveRef } from "../refs.js";
import type { StrictSchemaResult } from "./rewrite.js";

type Rewrite = Pick<StrictSchemaResult, "schema" | "nulledOptionals">;

/**
 * Returns a copy of arguments a model produced under a strict schema, without the `null`s that stand for omitted
 * optional properties (those listed in `nulledOptionals`), so the arguments validate against the original schema
 * again and a handler sees them as it would under any other provider. Never changes `args`.
 * @example
 * const strict = toStrictJsonSchema(spec.inputSchema, { provider: "openai" });
 * dropStrictNulls({ city: "Oslo", days: null }, strict); // { city: "Oslo" }
 */
export function dropStrictNulls(args: unknown, rewrite: Rewrite): unknown {
  const copy = cloneJson(args);
  visit(copy, rewrite.schema, "", rewrite, new Set());
  return copy;
}

// `hops` holds the references already followed for this same value, so a chain of `$ref`s that loops ends.
function visit(value: unknown, node: unknown, pointer: string, rewrite: Rewrite, hops: Set<string>): void {
  if (!isPlainObject(node) || value === null || typeof value !== "object") return;
  if (isLocalRef(node.$ref)) {
    if (hops.has(node.$ref)) return;
    const target = node.$ref === "#" ? "" : node.$ref.slice(1);
    visit(value, resolveRef(rewrite.schema, node.$ref), target, rewrite, new Set(hops).add(node.$ref));
    return;
  }
  const branches = Array.isArray(node.anyOf) ? node.anyOf : [];
  branches.forEach((branch, i) => visit(value, branch, `${pointer}/anyOf/${i}`, rewrite, hops));
  if (Array.isArray(value)) {
    for (const item of value) visit(item, node.items, `${pointer}/items`, rewrite, new Set());
    return;
  }
  const record = value as Record<string, unknown>;
  for (const key of rewrite.nulledOptionals[pointer] ?? []) {
    if (record[key] === null) delete record[key];
  }
  const properties = isPlainObject(node.properties) ? node.properties : {};
  for (const [key, child] of Object.entries(record)) {
    if (!Object.hasOwn(properties, key)) continue;
    const escaped = key.replaceAll("~", "~0").replaceAll("/", "~1");
    visit(child, properties[key], `${pointer}/properties/${escaped}`, rewrite, new Set());
  }
}
