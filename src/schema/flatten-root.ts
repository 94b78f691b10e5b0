import type { ObjectJsonSchema } from "../params/json-schema.js";
import { deepFreeze, isPlainObject } from "./json.js";
import { noteFor, withNotes } from "./keyword-notes.js";

/** The root keywords some provider refuses beside `"type": "object"` (OpenAI all six, Anthropic the first three). */
export const ROOT_COMBINATORS = ["anyOf", "oneOf", "allOf", "enum", "const", "not"] as const;

/** The outcome of {@link flattenRoot}: the schema to send, and the root keywords it merged or dropped. */
export interface FlattenedRoot {
  readonly schema: ObjectJsonSchema;
  readonly flattened: readonly string[];
}

/** A root keyword {@link flattenRoot} can remove. */
export type RootCombinator = (typeof ROOT_COMBINATORS)[number];

const cache = new WeakMap<object, Map<string, FlattenedRoot>>();

/**
 * Returns a schema without `anyOf`/`oneOf`/`allOf`/`enum`/`const`/`not` at the root, for providers that refuse them
 * there: the properties of every `allOf` member and every branch join the root's (the root's own win), `required`
 * keeps the root's, every `allOf` member's, and what every branch requires; what the branches asked for and any
 * dropped `enum`/`const`/`not` go into the root's description. The schema is looser than the original, which
 * toolwright still validates every call against. Frozen, and cached per input schema.
 */
export function flattenRoot(
  schema: ObjectJsonSchema,
  keys: readonly RootCombinator[] = ROOT_COMBINATORS,
): FlattenedRoot {
  const cacheKey = keys.join(" ");
  const cached = cache.get(schema)?.get(cacheKey);
  if (cached) return cached;
  const flattened = keys.filter((key) => schema[key] !== undefined);
  if (flattened.length === 0) return { schema, flattened };
  const out: Record<string, unknown> = { ...schema };
  for (const key of flattened) delete out[key];
  const properties: Record<string, unknown> = { ...(isPlainObject(schema.properties) ? schema.properties : {}) };
  const required = new Set(requiredOf(schema));
  const notes: string[] = [];
  for (const member of flattened.includes("allOf") ? listOf(schema.allOf) : []) {
    addProperties(properties, member);
    for (const name of requiredOf(member)) required.add(name);
  }
  for (const key of ["anyOf", "oneOf"] as const) {
    const branches = flattened.includes(key) ? listOf(schema[key]) : [];
    if (branches.length === 0) continue;
    for (const branch of branches) addProperties(properties, branch);
    const [first, ...rest] = branches.map((branch) => new Set(requiredOf(branch)));
    for (const name of first ?? []) if (rest.every((set) => set.has(name))) required.add(name);
    const shapes = branches.map((branch) => describeBranch(branch)).join("; or ");
    notes.push(key === "oneOf" ? `Give exactly one of: ${shapes}.` : `Give at least one of: ${shapes}.`);
  }
  for (const key of ["enum", "const", "not"] as const) {
    if (flattened.includes(key)) notes.push(noteFor(key, schema[key]));
  }
  out.properties = properties;
  if (required.size > 0) out.required = [...required];
  const description = withNotes(schema.description, notes);
  if (description !== undefined) out.description = description;
  const result = { schema: deepFreeze(out) as ObjectJsonSchema, flattened };
  const perSchema = cache.get(schema) ?? new Map<string, FlattenedRoot>();
  perSchema.set(cacheKey, result);
  cache.set(schema, perSchema);
  return result;
}

function listOf(value: unknown): Record<string, unknown>[] {
  return Array.isArray(value) ? value.filter(isPlainObject) : [];
}

function requiredOf(node: Readonly<Record<string, unknown>>): string[] {
  return Array.isArray(node.required) ? node.required.filter((name): name is string => typeof name === "string") : [];
}

function addProperties(into: Record<string, unknown>, node: Readonly<Record<string, unknown>>): void {
  if (!isPlainObject(node.properties)) return;
  for (const [name, property] of Object.entries(node.properties)) if (!Object.hasOwn(into, name)) into[name] = property;
}

// A branch as a model reads it: the properties it requires, else the ones it names.
function describeBranch(branch: Readonly<Record<string, unknown>>): string {
  const required = requiredOf(branch);
  if (required.length > 0) return required.join(" and ");
  const named = isPlainObject(branch.properties) ? Object.keys(branch.properties) : [];
  return named.length > 0 ? `any of ${named.join(", ")}` : JSON.stringify(branch);
}
