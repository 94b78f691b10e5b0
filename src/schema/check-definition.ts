import type { Ajv2020 } from "ajv/dist/2020.js";
import { ToolDefinitionError } from "../errors/errors.js";
import { checkAgainstDescriptor } from "../params/default-check.js";
import { showSchema } from "../params/param.js";
import { toPointer } from "./finding.js";
import { CHECKED_FORMATS } from "./formats.js";
import { acceptsNull } from "./json.js";

/** Where a `default` sits in a tool's schema, and the subschema it must fit. */
interface DefaultSite {
  readonly path: readonly string[];
  readonly node: Readonly<Record<string, unknown>>;
}

/**
 * Checks at definition what validation cannot check later: every `default` in the schema (nested properties, `$defs`,
 * anywhere) must be valid against its own subschema, and every `format` should be one toolwright checks.
 *
 * A default that breaks its schema is refused: the dispatcher fills it in whenever the model leaves the key out, so
 * every such call would fail and the model would be told to fix a value it never sent. A format toolwright does not
 * check is reported with a process warning (`TOOLWRIGHT_UNCHECKED_FORMAT`), not refused: JSON Schema allows custom
 * formats, and schemas from MCP servers carry UI hints such as `"format": "textarea"`.
 * @param judge compiles a subschema in the context of the whole schema, for a default the quick check cannot judge.
 * @throws {ToolDefinitionError} naming the parameter, its default and what its schema allows.
 */
export function checkDefinition(schema: object, where: string, judge: () => Ajv2020): void {
  const defaults: DefaultSite[] = [];
  const unchecked = new Set<string>();
  walk(schema, undefined, (node, at) => {
    // `default: null` on a field that rejects null is common in real definitions; null there means "absent" (the
    // null-as-absent rule), so the dispatcher never fills it in, and it breaks nothing.
    if (node.default !== undefined && !(node.default === null && !acceptsNull(node, true))) {
      defaults.push({ path: segmentsOf(at), node });
    }
    if (typeof node.format === "string" && !CHECKED_FORMATS.has(node.format)) unchecked.add(node.format);
  });
  for (const format of unchecked) {
    process.emitWarning(
      `${where}: the format ${JSON.stringify(format)} is not checked; arguments pass it unchecked. toolwright checks ` +
        "the JSON Schema 2020-12 formats (date-time, email, hostname, uri, uuid, ...) and ajv-formats' additions.",
      { code: "TOOLWRIGHT_UNCHECKED_FORMAT" },
    );
  }
  if (defaults.length === 0) return;
  let ajv: Ajv2020 | undefined;
  for (const site of defaults) {
    let problem = checkAgainstDescriptor(site.node, site.node.default);
    if (problem === "unknown") problem = judgeWithAjv((ajv ??= judge()), schema, site);
    if (problem === undefined) continue;
    const at = problem.path === "" ? "" : ` (at ${problem.path} of the default)`;
    throw new ToolDefinitionError(
      `${where}: ${nameOf(site.path)} has the default ${JSON.stringify(site.node.default)}, which breaks its own ` +
        `schema: it ${problem.rule}${at}. The schema allows ${showSchema(site.node)}; give a default it allows, ` +
        "or drop the default.",
    );
  }
}

let counter = 0;

// The subschema compiled where it stands in the whole schema, so its `$ref`s resolve as they will at a call.
function judgeWithAjv(ajv: Ajv2020, root: object, site: DefaultSite): { path: string; rule: string } | undefined {
  const key = `https://toolwright.invalid/defaults/${++counter}.json`;
  const known = new Set(Object.keys(ajv.refs));
  ajv.addSchema(root, key);
  try {
    const validate = ajv.getSchema(`${key}#${toPointer(site.path)}`);
    if (!validate || validate(site.node.default)) return undefined;
    const first = validate.errors?.[0];
    return first ? { path: first.instancePath, rule: first.message ?? `fails ${first.keyword}` } : undefined;
  } catch {
    // A schema that cannot compile is reported by the compile check, with its own message.
    return undefined;
  } finally {
    ajv.removeSchema(key);
    for (const id of Object.keys(ajv.refs)) if (!known.has(id)) delete ajv.refs[id];
  }
}

// `parameter "days"` for a top-level property, `parameter "where.city"` for nested ones, else the schema's pointer.
function nameOf(path: readonly string[]): string {
  const names: string[] = [];
  for (let i = 0; i < path.length; i += 2) {
    if (path[i] !== "properties" || path[i + 1] === undefined) return `the schema at ${toPointer(path)}`;
    names.push(path[i + 1]!);
  }
  return names.length === 0 ? "the schema's root" : `parameter "${names.join(".")}"`;
}

/** A path as a chain of keys from the node up, so the walk allocates one small object per node, not a copied array. */
interface Step {
  readonly key: string;
  readonly up: Step | undefined;
}

const ONE = new Set(["items", "additionalProperties", "not", "if", "then", "else", "contains", "propertyNames"]);
const MORE = new Set(["unevaluatedItems", "unevaluatedProperties", "additionalItems", "contentSchema"]);
const LISTS = new Set(["anyOf", "oneOf", "allOf", "prefixItems", "items"]);
const MAPS = new Set(["properties", "patternProperties", "$defs", "definitions", "dependentSchemas"]);

// Every subschema, parent first, as visitSchemas walks them; it runs at every definition, so it reads only the keys a
// node has and builds no path until a node needs one.
function walk(
  node: unknown,
  at: Step | undefined,
  visit: (node: Record<string, unknown>, at: Step | undefined) => void,
): void {
  if (typeof node !== "object" || node === null || Array.isArray(node)) return;
  const schema = node as Record<string, unknown>;
  visit(schema, at);
  for (const key in schema) {
    const value = schema[key];
    if (typeof value !== "object" || value === null) continue;
    if (Array.isArray(value)) {
      if (LISTS.has(key)) value.forEach((member, i) => walk(member, { key: `${i}`, up: { key, up: at } }, visit));
    } else if (ONE.has(key) || MORE.has(key)) {
      walk(value, { key, up: at }, visit);
    } else if (MAPS.has(key)) {
      const here = { key, up: at };
      for (const name in value) walk((value as Record<string, unknown>)[name], { key: name, up: here }, visit);
    }
  }
}

function segmentsOf(at: Step | undefined): string[] {
  const segments: string[] = [];
  for (let step = at; step; step = step.up) segments.unshift(step.key);
  return segments;
}
