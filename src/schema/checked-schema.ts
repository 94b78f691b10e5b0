import type { ObjectJsonSchema } from "../params/json-schema.js";
import { isCleanJson, isPlainRecord, keywordContent } from "../params/keyword-checks.js";
import { DEFAULTED, isCheckedParam } from "../params/param.js";
import type { DefinitionSites } from "./check-definition.js";
import { setOwn } from "./json.js";

// Thrown inside the copy to give up at the first node that is not a checked descriptor; never leaves this file.
const NOT_CHECKED = Symbol("not checked");

/**
 * Copies a schema built only from `p` descriptors into the frozen, plain JSON a tool carries, or returns undefined
 * when any node is something else (a raw JSON Schema object, a descriptor with an unchecked keyword, data that a JSON
 * round trip would change). Such a schema is valid JSON Schema by construction (each descriptor's keywords were
 * checked when it was built), so it needs neither the JSON round trip nor the meta-schema check `finishSchema` does.
 * The root may be a `p.object(...)` descriptor or the object schema of a shape (`shapeToJsonSchema`).
 */
export function copyCheckedSchema(root: unknown, sites?: DefinitionSites): ObjectJsonSchema | undefined {
  try {
    const copy = isCheckedParam(root)
      ? copyDescriptor(root as Record<string, unknown>, 0, sites)
      : copyShapeSchema(root, sites);
    return copy.type === "object" ? (copy as ObjectJsonSchema) : undefined;
  } catch (error) {
    if (error === NOT_CHECKED) return undefined;
    throw error;
  }
}

/**
 * {@link copyCheckedSchema} of the object schema `shapeToJsonSchema` would assemble around `properties` (and
 * `required`, when not empty), copied in one pass without assembling it first: what a decorator does for every tool.
 * Returns undefined when a property is not a checked descriptor.
 */
export function copyCheckedShape(
  properties: Readonly<Record<string, unknown>>,
  names: readonly string[],
  required: readonly string[],
  sites?: DefinitionSites,
): ObjectJsonSchema | undefined {
  try {
    const out: Record<string, unknown> = {};
    for (let i = 0; i < names.length; i++) {
      const name = names[i]!;
      setOwn(out, name, copyDescriptor(properties[name] as Record<string, unknown>, 0, sites));
    }
    const shape =
      required.length > 0
        ? {
            type: "object",
            properties: Object.freeze(out),
            required: Object.freeze([...required]),
            additionalProperties: false,
          }
        : { type: "object", properties: Object.freeze(out), additionalProperties: false };
    return Object.freeze(shape) as ObjectJsonSchema;
  } catch (error) {
    if (error === NOT_CHECKED) return undefined;
    throw error;
  }
}

const SHAPE_KEYS: ReadonlySet<string> = new Set(["type", "properties", "required", "additionalProperties"]);

// The object schema shapeToJsonSchema (or the builtin reflector) assembles around descriptors.
function copyShapeSchema(schema: unknown, sites: DefinitionSites | undefined): Record<string, unknown> {
  if (!isPlainRecord(schema) || schema.type !== "object" || schema.additionalProperties !== false) throw NOT_CHECKED;
  const out: Record<string, unknown> = {};
  for (const key in schema) {
    if (!SHAPE_KEYS.has(key)) throw NOT_CHECKED;
    const value = schema[key];
    if (key === "properties") out.properties = copySchemaMap(value, 0, sites);
    else if (key === "required") out.required = copyNames(value);
    else out[key] = value;
  }
  return Object.freeze(out);
}

// `sites`, when given, receives what the definition check needs (the copy visits every node anyway): a default no
// `.default()` call checked (a @builtinTool's literal default), and every format.
function copyDescriptor(
  node: Record<string, unknown>,
  depth: number,
  sites: DefinitionSites | undefined,
): Record<string, unknown> {
  if (!isCheckedParam(node) || depth > 64) throw NOT_CHECKED;
  const out: Record<string, unknown> = {};
  for (const key in node) {
    const value = node[key];
    switch (keywordContent(key)) {
      case "scalar":
        out[key] = Array.isArray(value) ? Object.freeze([...(value as unknown[])]) : value;
        break;
      case "schema":
        out[key] = value === false ? false : copyDescriptor(value as Record<string, unknown>, depth + 1, sites);
        break;
      case "schemaMap":
        out[key] = copySchemaMap(value, depth + 1, sites);
        break;
      case "schemaList":
        out[key] = copySchemaList(value, depth + 1, sites);
        break;
      case "names":
        out[key] = copyNames(value);
        break;
      case "data":
        if (!isCleanJson(value)) throw NOT_CHECKED;
        out[key] = frozenCopy(value);
        break;
      default:
        throw NOT_CHECKED;
    }
  }
  if (sites) {
    if (out.default !== undefined && !(DEFAULTED in node)) sites.defaults.push(out);
    if (typeof out.format === "string") sites.formats.push(out.format);
  }
  return Object.freeze(out);
}

function copySchemaMap(map: unknown, depth: number, sites: DefinitionSites | undefined): Record<string, unknown> {
  if (!isPlainRecord(map)) throw NOT_CHECKED;
  const out: Record<string, unknown> = {};
  for (const name in map) {
    const copy = copyDescriptor(map[name] as Record<string, unknown>, depth, sites);
    setOwn(out, name, copy);
  }
  return Object.freeze(out);
}

// nullable's `anyOf: [schema, { type: "null" }]` holds one plain member besides descriptors.
function copySchemaList(list: unknown, depth: number, sites: DefinitionSites | undefined): readonly unknown[] {
  if (!Array.isArray(list)) throw NOT_CHECKED;
  return Object.freeze(
    list.map((member: unknown) =>
      isPlainRecord(member) && member.type === "null" && Object.keys(member).length === 1
        ? Object.freeze({ type: "null" })
        : copyDescriptor(member as Record<string, unknown>, depth, sites),
    ),
  );
}

// `required` must hold unique strings; duplicates would be refused by the meta-schema.
function copyNames(names: unknown): readonly string[] {
  if (!Array.isArray(names) || !names.every((name) => typeof name === "string")) throw NOT_CHECKED;
  if (names.length > 1 && new Set(names).size !== names.length) throw NOT_CHECKED;
  return Object.freeze([...(names as string[])]);
}

// Clean JSON (checked by the caller), copied and frozen as JSON.parse + deepFreeze would give it.
function frozenCopy(value: unknown): unknown {
  if (typeof value !== "object" || value === null) return value;
  if (Array.isArray(value)) return Object.freeze(value.map(frozenCopy));
  const out: Record<string, unknown> = {};
  for (const key in value) {
    setOwn(out, key, frozenCopy((value as Record<string, unknown>)[key]));
  }
  return Object.freeze(out);
}
