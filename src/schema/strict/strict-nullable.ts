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
  const types = typesOf(schema);
  const simple = types.length > 0 && types.every((t) => PRIMITIVES.has(t));
  if (simple && schema.const === undefined && schema.anyOf === undefined) {
    const enumValues = Array.isArray(schema.enum) ? { enum: Object.freeze([...(schema.enum as unknown[]), null]) } : {};
    const nullable = { ...schema, type: Object.freeze([...types, "null"]), ...enumValues };
    return { schema: Object.freeze(nullable), added: true, wrapped: false };
  }
  const { description, title, ...inner } = schema;
  const outer: SchemaObject = { anyOf: Object.freeze([Object.freeze(inner), NULL_TYPE]) };
  if (title !== undefined) outer.title = title;
  if (description !== undefined) outer.description = description;
  return { schema: Object.freeze(outer), added: true, wrapped: true };
}
