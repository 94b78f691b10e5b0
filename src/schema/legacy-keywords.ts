import { isPlainObject } from "./json.js";
import { visitSchemas } from "./visit.js";

const LEGACY_TEXT = /"items":\[|"dependencies":|"exclusiveM(?:in|ax)imum":(?:true|false)|"definitions":|"\$schema":/;

/**
 * Returns false when the JSON text of a schema certainly holds none of the keywords {@link upgradeLegacyKeywords}
 * rewrites, so the walk is skipped for the schemas (nearly all) that need none; true means it may.
 */
export function mayHoldLegacyKeywords(text: string): boolean {
  return LEGACY_TEXT.test(text);
}

/**
 * Rewrites, in place, the keywords of JSON Schema drafts 04-07 that 2020-12 spells differently, so a schema written
 * for an older draft (by hand, by an MCP server, by an older generator) validates as its author meant, and every
 * exporter sees one dialect:
 * - `items: [a, b]` (a tuple) → `prefixItems: [a, b]`, and its `additionalItems` → `items`;
 * - `dependencies` → `dependentRequired` (name lists) and `dependentSchemas` (schemas);
 * - draft-04 `exclusiveMinimum: true` beside `minimum` → `exclusiveMinimum: <minimum>` (and the maximum alike);
 * - the root's `definitions` → `$defs`, with every `#/definitions/...` reference, unless a name is in both tables;
 * - a `$schema` inside a subschema is dropped, as the root's is: the validator and the providers speak 2020-12.
 * Each old form is invalid or ignored under 2020-12, so the rewrite never changes a schema written for 2020-12.
 */
export function upgradeLegacyKeywords(schema: Record<string, unknown>): void {
  const movesDefinitions = isPlainObject(schema.definitions) && !sharesName(schema.definitions, schema.$defs);
  if (movesDefinitions) {
    schema.$defs = { ...(isPlainObject(schema.$defs) ? schema.$defs : {}), ...(schema.definitions as object) };
    delete schema.definitions;
  }
  visitSchemas(schema, (node) => {
    if (node !== schema) delete node.$schema;
    if (movesDefinitions && typeof node.$ref === "string" && node.$ref.startsWith("#/definitions/")) {
      node.$ref = `#/$defs/${node.$ref.slice("#/definitions/".length)}`;
    }
    if (Array.isArray(node.items)) {
      const { items, additionalItems } = node;
      delete node.items;
      delete node.additionalItems;
      node.prefixItems = items;
      if (additionalItems !== undefined) node.items = additionalItems;
    }
    if (isPlainObject(node.dependencies)) {
      const required: Record<string, unknown> = {
        ...(isPlainObject(node.dependentRequired) ? node.dependentRequired : {}),
      };
      const schemas: Record<string, unknown> = {
        ...(isPlainObject(node.dependentSchemas) ? node.dependentSchemas : {}),
      };
      for (const [name, dependency] of Object.entries(node.dependencies)) {
        if (Array.isArray(dependency)) required[name] = dependency;
        else schemas[name] = dependency;
      }
      delete node.dependencies;
      if (Object.keys(required).length > 0) node.dependentRequired = required;
      if (Object.keys(schemas).length > 0) node.dependentSchemas = schemas;
    }
    for (const [flag, bound] of [
      ["exclusiveMinimum", "minimum"],
      ["exclusiveMaximum", "maximum"],
    ] as const) {
      if (typeof node[flag] !== "boolean") continue;
      if (node[flag] === true && typeof node[bound] === "number") {
        node[flag] = node[bound];
        delete node[bound];
      } else delete node[flag];
    }
  });
}

function sharesName(a: Record<string, unknown>, b: unknown): boolean {
  return isPlainObject(b) && Object.keys(a).some((name) => Object.hasOwn(b, name));
}
