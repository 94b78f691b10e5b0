import { acceptsNull } from "../json.js";
import type { SchemaObject } from "../json.js";

const PRIMITIVES = new Set(["string", "number", "integer", "boolean"]);
const NULL_TYPE: SchemaObject = Object.freeze({ type: "null" });

/** Returns the JSON Schema type names a schema node lists in `type` (none when it has no `type`). */
export function typesOf(node: Record<string, unknown>): string[] {
  if (typeof node.type === "string") return [node.type];
  return Array.isArray(node.type) ? node.type.map(String) : [];
}

/** How an optional property was made nullable. */
export interface NullableRewrite {
  readonly schema: SchemaObject;
  /** `null` was added (false when the schema already accepted it). */
  readonly added: boolean;
  /** The original schema now sits at `anyOf/0` of the result. */
  readonly wrapped: boolean;
}

/**
 * Makes a rewritten property schema accept `null`, in the two forms OpenAI documents
 * (https://platform.openai.com/docs/guides/structured-outputs#all-fields-must-be-required): a primitive type gets
 * `type: [T, "null"]` (and `null` in its `enum`), anything else becomes `anyOf: [schema, { "type": "null" }]` with the
 * description and title kept on the outside, where the model reads them first. What it makes is frozen, as the
 * rewritten schema it goes into.
 */
export function makeNullable(schema: SchemaObject): NullableRewrite {
  if (acceptsNull(schema)) return { schema, added: false, wrapped: false };
  if (isSimpleNode(schema)) {
    const nullable = { ...schema };
    addNull(nullable);
    return { schema: Object.freeze(nullable), added: true, wrapped: false };
  }
  return { schema: wrapNullable(schema), added: true, wrapped: true };
}

/**
 * Makes a node being built (not yet frozen) accept `null` in place, when it is one of primitive types
 * (`type: [T, "null"]`, and `null` in its `enum`), as {@link makeNullable} would make its copy; returns false, leaving
 * it unchanged, for a node that takes the `anyOf` form or accepts `null` already. In place, so the strict walk makes
 * one object per optional property, not two. Keys keep their order: `type` and `enum` are replaced where they are.
 */
export function makeNullableInPlace(node: SchemaObject): boolean {
  if (acceptsNull(node) || !isSimpleNode(node)) return false;
  addNull(node);
  return true;
}

// A node of primitive types only, without `const` or `anyOf`: it takes `null` in its `type` (and `enum`).
function isSimpleNode(schema: SchemaObject): boolean {
  const { type } = schema;
  if (typeof type === "string") {
    if (!PRIMITIVES.has(type)) return false;
  } else if (Array.isArray(type) && type.length > 0) {
    for (const t of type) if (!PRIMITIVES.has(String(t))) return false;
  } else return false;
  return schema.const === undefined && schema.anyOf === undefined;
}

function addNull(node: SchemaObject): void {
  const { type } = node;
  node.type = Object.freeze(typeof type === "string" ? [type, "null"] : [...typesOf(node), "null"]);
  if (Array.isArray(node.enum)) node.enum = Object.freeze([...(node.enum as unknown[]), null]);
}

// The `anyOf` form, with the description and title kept on the outside, where the model reads them first.
function wrapNullable(schema: SchemaObject): SchemaObject {
  const { description, title, ...inner } = schema;
  const outer: SchemaObject = { anyOf: Object.freeze([Object.freeze(inner), NULL_TYPE]) };
  if (title !== undefined) outer.title = title;
  if (description !== undefined) outer.description = description;
  return Object.freeze(outer);
}
