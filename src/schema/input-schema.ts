import { assertSchemaDepth } from "./schema-depth.js";
import { recordDialect } from "./declared-dialect.js";
import { ToolDefinitionError } from "../errors/errors.js";
import { type ObjectJsonSchema } from "../params/json-schema.js";
import { deepFreeze, isPlainObject } from "./json.js";
import { assertShape } from "../params/object.js";
import { isKind, isOptionalParam, isParam } from "../params/param.js";
import { mayHoldLegacyKeywords, upgradeLegacyKeywords } from "./legacy-keywords.js";
import { type DefinitionSites, checkDefinition, checkSites } from "./check-definition.js";
import { checkCompiles, checkJsonSchema, definitionChecker } from "./validator.js";
import { copyCheckedSchema, copyCheckedShape } from "./checked-schema.js";

/** The part of a Standard Schema (zod v4, valibot, arktype) toolwright uses: validation, and JSON Schema export. */
export interface StandardSchemaLike<Output = unknown> {
  readonly "~standard": {
    readonly version: 1;
    readonly vendor: string;
    readonly validate: (value: unknown) => StandardResult<Output> | Promise<StandardResult<Output>>;
    readonly types?: { readonly input: unknown; readonly output: Output } | undefined;
    readonly jsonSchema?: {
      readonly input: (options: { readonly target: string }) => Record<string, unknown>;
      /** The schema of what `validate` gives back; a tool's `returns` uses it. */
      readonly output?: (options: { readonly target: string }) => Record<string, unknown>;
    };
  };
}

/** What a Standard Schema's `validate` returns. */
export type StandardResult<Output> =
  | { readonly value: Output; readonly issues?: undefined }
  | {
      readonly issues: ReadonlyArray<{
        readonly message: string;
        readonly path?: ReadonlyArray<PropertyKey | { readonly key: PropertyKey }> | undefined;
      }>;
    };

/** Returns true when `value` is a Standard Schema object. */
export function isStandardSchema(value: unknown): value is StandardSchemaLike {
  return isPlainObject(value) || typeof value === "function"
    ? typeof (value as { "~standard"?: { validate?: unknown } })["~standard"]?.validate === "function"
    : false;
}

/** The input schema of a tool, in plain JSON, and the Standard Schema that also validates it, if one was given. */
export interface ResolvedInputSchema {
  readonly inputSchema: ObjectJsonSchema;
  readonly standardSchema?: StandardSchemaLike;
}

// Shared by every tool without parameters, so frozen like every other schema a tool carries.
const EMPTY_OBJECT_SCHEMA = deepFreeze({
  type: "object",
  properties: {},
  additionalProperties: false,
}) as ObjectJsonSchema;

/**
 * Turns `params` (a descriptor shape, an object descriptor, or a Standard Schema) or a raw `inputSchema` into a frozen,
 * plain-JSON object schema, checked against the JSON Schema 2020-12 meta-schema.
 * @throws {ToolDefinitionError} naming the tool when the schema is broken or its root is not an object.
 */
export function resolveInputSchema(
  options: { readonly params?: unknown; readonly inputSchema?: unknown },
  where: string,
): ResolvedInputSchema {
  const { params, inputSchema } = options;
  if (params === undefined && inputSchema === undefined) return { inputSchema: EMPTY_OBJECT_SCHEMA };
  if (isStandardSchema(params)) {
    const exporter = params["~standard"].jsonSchema;
    if (!exporter) {
      throw new ToolDefinitionError(
        `${where}: this ${params["~standard"].vendor} schema cannot export JSON Schema (Standard JSON Schema). ` +
          "Use p descriptors, a raw `inputSchema`, or a library version that implements `~standard.jsonSchema`.",
      );
    }
    const schema = assertCompiles(finishSchema(exporter.input({ target: "draft-2020-12" }), where), where);
    return { inputSchema: schema, standardSchema: params };
  }
  if (params !== undefined) {
    if (isParam(params) && !isKind(params, "object")) {
      throw new ToolDefinitionError(`${where}: \`params\` must be a shape like { city: p.string() } or p.object(...).`);
    }
    if (isParam(params)) return { inputSchema: finishParamSchema(params, where) };
    assertShape(params, `${where} params`);
    const names = Object.keys(params);
    const required: string[] = [];
    for (let i = 0; i < names.length; i++) if (!isOptionalParam(params[names[i]!]!)) required.push(names[i]!);
    return { inputSchema: finishShapeSchema(params, names, required, where) };
  }
  return { inputSchema: assertCompiles(finishSchema(inputSchema, where), where) };
}

// Schemas from outside toolwright are compiled once up front, so a broken one fails at registration, not at a call.
function assertCompiles(schema: ObjectJsonSchema, where: string): ObjectJsonSchema {
  const problem = checkCompiles(schema);
  if (problem) throw new ToolDefinitionError(`${where}: the input schema cannot be compiled: ${problem}.`);
  return schema;
}

/**
 * Finishes a schema assembled from `p` descriptors. One built only from descriptors whose keywords were checked when
 * they were built is valid by construction: it is copied to frozen plain JSON in one pass, without the JSON round
 * trip and the JSON Schema meta-schema check (which costs tens of milliseconds in a process's first definition). Any
 * other node in it (a raw schema, an odd option) sends the whole schema through {@link finishSchema}, as before.
 * @throws {ToolDefinitionError} as {@link finishSchema} does.
 */
export function finishParamSchema(schema: unknown, where: string): ObjectJsonSchema {
  const sites: DefinitionSites = { defaults: [], formats: [] };
  const checked = copyCheckedSchema(schema, sites);
  if (!checked) return finishSchema(schema, where);
  // Each `.default()` was checked when it was called; a @builtinTool's literal defaults and the formats were not.
  if (sites.defaults.length > 0 || sites.formats.length > 0) checkSites(checked, sites, where, definitionChecker);
  return checked;
}

/**
 * {@link finishParamSchema} of the closed object schema of `properties` (in the order of `names`) with `required`,
 * without assembling that schema first unless a property is not a checked descriptor: the one copy a decorator makes.
 * @throws {ToolDefinitionError} as {@link finishSchema} does.
 */
export function finishShapeSchema(
  properties: Readonly<Record<string, unknown>>,
  names: readonly string[],
  required: readonly string[],
  where: string,
): ObjectJsonSchema {
  const sites: DefinitionSites = { defaults: [], formats: [] };
  const checked = copyCheckedShape(properties, names, required, sites);
  if (!checked) return finishSchema(shapeSchema(properties, required), where);
  if (sites.defaults.length > 0 || sites.formats.length > 0) checkSites(checked, sites, where, definitionChecker);
  return checked;
}

// The object schema shapeToJsonSchema assembles, for the full check; `required` left out when empty.
function shapeSchema(properties: object, required: readonly string[]): object {
  return required.length > 0
    ? { type: "object", properties, required, additionalProperties: false }
    : { type: "object", properties, additionalProperties: false };
}

/**
 * Copies a schema into plain, deeply frozen JSON (descriptor prototypes and symbol tags stay behind), drops the root
 * `$schema` (providers reject it and the validator speaks 2020-12; a declared 2020-12 is remembered for MCP, see
 * `declaredDialect`), rewrites draft 04-07 keywords to their 2020-12
 * form (`upgradeLegacyKeywords`), and checks it.
 */
export function finishSchema(schema: unknown, where: string): ObjectJsonSchema {
  if (!isPlainObject(schema)) {
    throw new ToolDefinitionError(`${where}: the input schema must be a JSON Schema object; got ${typeof schema}.`);
  }
  assertSchemaDepth(schema, where, "input schema");
  const text = JSON.stringify(schema);
  const { $schema: _dialect, ...plain } = JSON.parse(text) as Record<string, unknown>;
  if (mayHoldLegacyKeywords(text)) upgradeLegacyKeywords(plain);
  if (plain.type !== "object") {
    throw new ToolDefinitionError(
      `${where}: the input schema's root must have "type": "object" (tool arguments are always an object); ` +
        `got ${JSON.stringify(plain.type)}.`,
    );
  }
  const problem = checkJsonSchema(plain);
  if (problem) throw new ToolDefinitionError(`${where}: the input schema is not valid JSON Schema: ${problem}.`);
  checkDefinition(plain, where, definitionChecker);
  const finished = deepFreeze(plain) as ObjectJsonSchema;
  recordDialect(finished, _dialect);
  return finished;
}
