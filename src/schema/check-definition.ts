import type { Ajv2020 } from "ajv/dist/2020.js";
import { ToolDefinitionError } from "../errors/errors.js";
import { emitWarning } from "../runtime/emit-warning.js";
import { checkAgainstDescriptor } from "../params/default-check.js";
import { showSchema } from "../params/param.js";
import { toPointer } from "./finding.js";
import { CHECKED_FORMATS } from "./formats.js";
import { acceptsNull } from "./json.js";
import type { NoEvalEngine } from "./no-eval/no-eval-engine.js";
import { noEvalEngine } from "./validator-engine.js";

/** What a definition check looks at: the subschemas that carry a `default`, and the formats named. */
export interface DefinitionSites {
  readonly defaults: Readonly<Record<string, unknown>>[];
  /** The formats named, in the order met (a name may come twice). */
  readonly formats: string[];
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
  const sites: DefinitionSites = { defaults: [], formats: [] };
  walk(schema, [], (node) => {
    if (node.default !== undefined) sites.defaults.push(node);
    if (typeof node.format === "string") sites.formats.push(node.format);
  });
  checkSites(schema, sites, where, judge);
}

/**
 * Checks the sites found in `schema` (by {@link checkDefinition}'s walk, or by the copy of a descriptor schema, which
 * visits every node anyway): see {@link checkDefinition}.
 * @throws {ToolDefinitionError} naming the parameter, its default and what its schema allows.
 */
export function checkSites(schema: object, sites: DefinitionSites, where: string, judge: () => Ajv2020): void {
  // Each format is warned about once, however often it is named; the Set is made only when there are formats.
  for (const format of sites.formats.length === 0 ? [] : new Set(sites.formats)) {
    if (CHECKED_FORMATS.has(format)) continue;
    emitWarning(
      `${where}: the format ${JSON.stringify(format)} is not checked; arguments pass it unchecked. toolwright checks ` +
        "the JSON Schema 2020-12 formats (date-time, email, hostname, uri, uuid, ...) and ajv-formats' additions.",
      "TOOLWRIGHT_UNCHECKED_FORMAT",
    );
  }
  let ajv: Ajv2020 | undefined;
  for (let i = 0; i < sites.defaults.length; i++) {
    const node = sites.defaults[i]!;
    // `default: null` on a field that rejects null is common in real definitions; null there means "absent" (the
    // null-as-absent rule), so the dispatcher never fills it in, and it breaks nothing.
    if (node.default === null && !acceptsNull(node, true)) continue;
    let problem = checkAgainstDescriptor(node, node.default);
    if (problem === "unknown") {
      const engine = noEvalEngine();
      const path = pathOf(schema, node);
      problem =
        engine !== undefined
          ? judgeWithoutEval(engine, schema, path, node.default)
          : judgeWithAjv((ajv ??= judge()), schema, path, node.default);
    }
    if (problem === undefined) continue;
    const at = problem.path === "" ? "" : ` (at ${problem.path} of the default)`;
    throw new ToolDefinitionError(
      `${where}: ${nameOf(pathOf(schema, node))} has the default ${JSON.stringify(node.default)}, which breaks its ` +
        `own schema: it ${problem.rule}${at}. The schema allows ${showSchema(node)}; give a default it allows, ` +
        "or drop the default.",
    );
  }
}

let counter = 0;

// The subschema compiled where it stands in the whole schema, so its `$ref`s resolve as they will at a call.
function judgeWithAjv(
  ajv: Ajv2020,
  root: object,
  path: readonly string[],
  value: unknown,
): { path: string; rule: string } | undefined {
  const key = `https://toolwright.invalid/defaults/${++counter}.json`;
  const known = new Set(Object.keys(ajv.refs));
  ajv.addSchema(root, key);
  try {
    const validate = ajv.getSchema(`${key}#${toPointer(path)}`);
    if (!validate || validate(value)) return undefined;
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

function judgeWithoutEval(
  engine: NoEvalEngine,
  root: object,
  path: readonly string[],
  value: unknown,
): { path: string; rule: string } | undefined {
  try {
    const validate = engine.compileAt(root, path);
    if (validate(value)) return undefined;
    const first = validate.errors?.[0];
    return first ? { path: first.instancePath, rule: first.message ?? `fails ${first.keyword}` } : undefined;
  } catch {
    return undefined;
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

const ONE = new Set(["items", "additionalProperties", "not", "if", "then", "else", "contains", "propertyNames"]);
const MORE = new Set(["unevaluatedItems", "unevaluatedProperties", "additionalItems", "contentSchema"]);
const LISTS = new Set(["anyOf", "oneOf", "allOf", "prefixItems", "items"]);
const MAPS = new Set(["properties", "patternProperties", "$defs", "definitions", "dependentSchemas"]);

// Every subschema, parent first, as visitSchemas walks them; it reads only the keys a node has. `visit` returns true
// to stop the walk (finding a node's path), and the path array is shared, so it is copied by whoever keeps it.
function walk(node: unknown, path: string[], visit: (node: Record<string, unknown>) => boolean | void): boolean {
  if (typeof node !== "object" || node === null || Array.isArray(node)) return false;
  const schema = node as Record<string, unknown>;
  if (visit(schema) === true) return true;
  for (const key in schema) {
    const value = schema[key];
    if (typeof value !== "object" || value === null) continue;
    path.push(key);
    if (Array.isArray(value)) {
      if (LISTS.has(key)) {
        for (let i = 0; i < value.length; i++) {
          path.push(`${i}`);
          if (walk(value[i], path, visit)) return true;
          path.pop();
        }
      }
    } else if (ONE.has(key) || MORE.has(key)) {
      if (walk(value, path, visit)) return true;
    } else if (MAPS.has(key)) {
      for (const name in value) {
        path.push(name);
        if (walk((value as Record<string, unknown>)[name], path, visit)) return true;
        path.pop();
      }
    }
    path.pop();
  }
  return false;
}

// Only for a default that needs its place named or judged in context: the walk again, stopping at the node.
function pathOf(root: object, target: object): string[] {
  const path: string[] = [];
  return walk(root, path, (node) => node === target) ? [...path] : [];
}
