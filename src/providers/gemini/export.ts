import { isPlainObject } from "../../schema/json.js";
import { checkKnownKeys } from "../../errors/known-keys.js";
import { type ExportableTool } from "../../tool/exportable-tool.js";
import { type ObjectSchemaObject, cloneJson } from "../../schema/json.js";
import { type CompatibilityFinding, FindingCollector } from "../../schema/finding.js";
import { toOpenApiSchema } from "./openapi-schema.js";
import { type GeminiSchema, type GeminiType, type OpenApiSchemaConverter, mapTypeNames } from "./openapi-types.js";
import { recursiveRefTargets } from "../../schema/refs.js";
import { visitSchemas } from "../../schema/visit.js";
import { assertExportable } from "../export-errors.js";
import { assertToolNames, checkToolNames } from "../tool-names.js";
import { GEMINI_NAME_RULE } from "./limits.js";
import { ToolDefinitionError } from "../../errors/errors.js";
import { type GeminiInteractionsFunction, toInteractionsFunctions } from "./interactions.js";
import { describedTool } from "../example-text.js";

/** Which `FunctionDeclaration` field carries the parameters. */
export type GeminiMode = "openapi" | "jsonSchema";

/** Options of {@link toGeminiTools}. */
export interface GeminiToolOptions<T extends string = GeminiType> {
  /**
   * `"generateContent"` (the default): `FunctionDeclaration`s for `config.tools[].functionDeclarations`.
   * `"interactions"`: function tools of the Interactions API (`{ type: "function", name, description, parameters }`),
   * always in JSON Schema (the `"jsonSchema"` mode's rules apply).
   */
  readonly api?: "generateContent" | "interactions";
  /**
   * `"jsonSchema"` (the default): the schema as it is, in `parametersJsonSchema`. `"openapi"`: rewritten to the
   * OpenAPI 3.0 subset of `parameters` (no `$ref`, `nullable` instead of type arrays, string enums, ...).
   */
  readonly mode?: GeminiMode;
  /** `"openapi"` only: the type names to emit, e.g. `Type` from @google/genai (then no cast is needed). Default: upper-case strings. */
  readonly types?: Readonly<Record<GeminiType, T>>;
  /** `"openapi"` only: how many times a recursive `$ref` is inlined along one path before it is cut. Default 3. */
  readonly recursionDepth?: number;
  /**
   * `"openapi"` only: what to do with a tool whose schema the OpenAPI subset cannot carry (a tuple, a conditional, a
   * record, a required recursive property, ...). Omitted: `toGeminiTools` throws a `ToolDefinitionError` listing
   * why. `"jsonSchema"`: that tool goes out in `parametersJsonSchema` instead (reported as `gemini.fallback`).
   */
  readonly fallback?: "jsonSchema";
}

/** A function declaration in `"openapi"` mode (`FunctionDeclaration` of @google/genai, with its `parameters`). */
export interface GeminiFunctionDeclaration<T extends string = GeminiType> {
  name: string;
  description: string;
  parameters?: GeminiSchema<T>;
  /** Instead of `parameters`, for a tool that fell back to JSON Schema (`fallback: "jsonSchema"`). */
  parametersJsonSchema?: ObjectSchemaObject;
}

/** A function declaration in `"jsonSchema"` mode (`FunctionDeclaration` of @google/genai, with `parametersJsonSchema`). */
export interface GeminiJsonSchemaFunctionDeclaration {
  name: string;
  description: string;
  parametersJsonSchema?: ObjectSchemaObject;
}

// The keywords Gemini reads in JSON Schema mode; it ignores the others
// (https://ai.google.dev/api/generate-content#FIELDS.response_json_schema, which parametersJsonSchema shares).
const JSON_SCHEMA_KEYWORDS = new Set([
  "$id",
  "$defs",
  "$ref",
  "$anchor",
  "type",
  "format",
  "title",
  "description",
  "enum",
  "items",
  "prefixItems",
  "minItems",
  "maxItems",
  "minimum",
  "maximum",
  "anyOf",
  "oneOf",
  "properties",
  "additionalProperties",
  "required",
  "propertyOrdering",
]);
const QUIET = new Set(["$schema", "$comment", "definitions"]);

/** Returns true when the tool takes at least one argument. */
function hasParameters(tool: ExportableTool): boolean {
  const { properties } = tool.inputSchema;
  return isPlainObject(properties) && Object.keys(properties).length > 0;
}

function checkJsonSchemaMode(tool: ExportableTool, found: FindingCollector): ObjectSchemaObject {
  const schema = cloneJson(tool.inputSchema) as ObjectSchemaObject;
  const recursive = recursiveRefTargets(schema);
  visitSchemas(schema, (node, path) => {
    for (const key of Object.keys(node)) {
      if (JSON_SCHEMA_KEYWORDS.has(key) || QUIET.has(key) || key.startsWith("x-")) continue;
      found.add(
        [...path, key],
        "gemini.json-schema.keyword",
        "warning",
        `Gemini ignores \`${key}\` in JSON Schema mode (toolwright still validates it).`,
      );
    }
    if (typeof node.$ref !== "string") return;
    const siblings = Object.keys(node).filter((k) => !k.startsWith("$"));
    for (const key of siblings) delete node[key];
    if (siblings.length > 0) {
      found.add(
        path,
        "gemini.json-schema.ref-siblings",
        "warning",
        `Gemini allows only $-keywords beside $ref; dropped: ${siblings.join(", ")}.`,
      );
    }
    if (closesCycle(node.$ref, path, recursive) && isRequiredProperty(schema, path)) {
      const message = "Gemini unrolls recursive references only in properties that are not required.";
      found.add(path, "gemini.json-schema.recursive-required", "error", message);
    }
  });
  return schema;
}

// A reference closes a cycle when it sits inside the recursive definition it belongs to (or anywhere, for "#").
function closesCycle(ref: string, path: readonly string[], recursive: ReadonlySet<string>): boolean {
  if (!recursive.has(ref)) return false;
  if (ref === "#") return true;
  const [table, name] = path;
  return (table === "$defs" || table === "definitions") && name !== undefined && recursive.has(`#/${table}/${name}`);
}

// True when the node at `path` is the schema of a property its object lists in `required`.
function isRequiredProperty(root: unknown, path: readonly string[]): boolean {
  if (path.length < 2 || path[path.length - 2] !== "properties") return false;
  const parent = resolvePath(root, path.slice(0, -2));
  return isPlainObject(parent) && Array.isArray(parent.required) && parent.required.includes(path[path.length - 1]);
}

function resolvePath(root: unknown, path: readonly string[]): unknown {
  return path.reduce<unknown>(
    (node, key) => (isPlainObject(node) || Array.isArray(node) ? (node as Record<string, unknown>)[key] : undefined),
    root,
  );
}

/**
 * Plans the Gemini export and collects the findings. Never throws, but for `mode: "openapi"` without `openApi` (the
 * converter, which only the callers that take options pass: a bug if it is missing).
 */
export function planGeminiTools(
  tools: readonly ExportableTool[],
  options: GeminiToolOptions<string> = {},
  openApi?: OpenApiSchemaConverter,
): {
  readonly tools: readonly (GeminiFunctionDeclaration | GeminiJsonSchemaFunctionDeclaration)[];
  readonly findings: readonly CompatibilityFinding[];
} {
  const findings: CompatibilityFinding[] = checkToolNames(tools, "gemini", GEMINI_NAME_RULE);
  const planned = tools.map((tool) => {
    const converted = convertedSchema(tool, options, openApi);
    findings.push(...converted.findings);
    const base = { name: tool.name, description: describedTool(tool) };
    // Each export hands out its own copy, so a caller that edits one cannot change the cached conversion.
    if (converted.parameters !== undefined) return { ...base, parameters: cloneJson(converted.parameters) };
    if (converted.parametersJsonSchema !== undefined) {
      return { ...base, parametersJsonSchema: cloneJson(converted.parametersJsonSchema) };
    }
    return base;
  });
  return { tools: planned, findings };
}

/** What one tool's schema becomes for Gemini under one set of options, and what was found on the way. */
interface ConvertedSchema {
  readonly parameters?: GeminiSchema | undefined;
  readonly parametersJsonSchema?: ObjectSchemaObject | undefined;
  readonly findings: readonly CompatibilityFinding[];
}

// The conversion is made on a tool's first export for Gemini and kept per schema (a definition's schema is frozen),
// tool name (its findings name it) and options, so exporting every turn converts nothing again.
const conversions = new WeakMap<object, Map<string, ConvertedSchema>>();

function convertedSchema(
  tool: ExportableTool,
  options: GeminiToolOptions<string>,
  openApi: OpenApiSchemaConverter | undefined,
): ConvertedSchema {
  const schema = tool.inputSchema;
  const cacheable = Object.isFrozen(schema);
  const key = `${tool.name}\u0000${options.mode ?? "jsonSchema"}\u0000${options.recursionDepth ?? 3}\u0000${options.fallback ?? ""}`;
  let byKey = cacheable ? conversions.get(schema) : undefined;
  const known = byKey?.get(key);
  if (known !== undefined) return known;
  const converted = convert(tool, options, openApi);
  if (cacheable) {
    if (byKey === undefined) conversions.set(schema, (byKey = new Map()));
    byKey.set(key, converted);
  }
  return converted;
}

function convert(
  tool: ExportableTool,
  options: GeminiToolOptions<string>,
  openApi: OpenApiSchemaConverter | undefined,
): ConvertedSchema {
  const found = new FindingCollector(tool.name);
  if (tool.inputSchema.type !== "object")
    found.add([], "gemini.root", "error", "Function parameters must be an object schema.");
  // A function without parameters has no parameters field: an empty OBJECT is rejected ("should be non-empty").
  if (!hasParameters(tool)) return { findings: found.findings };
  if (options.mode !== "openapi")
    return { parametersJsonSchema: checkJsonSchemaMode(tool, found), findings: found.findings };
  if (openApi === undefined) throw new Error('toolwright: a Gemini plan in mode "openapi" was not given its converter');
  const converted = new FindingCollector(tool.name);
  const ctx = { root: tool.inputSchema, found: converted, recursionDepth: options.recursionDepth ?? 3 };
  const parameters = openApi(tool.inputSchema, ctx);
  if (converted.hasErrors && options.fallback === "jsonSchema") {
    // What stopped the OpenAPI form is not sent, so it is no error: the tool goes out in JSON Schema mode.
    found.findings.push(...converted.findings.map((f) => ({ ...f, severity: "warning" as const })));
    const message =
      "The OpenAPI subset cannot carry this schema (see the other findings); sent in parametersJsonSchema.";
    found.add([], "gemini.fallback", "warning", message);
    return { parametersJsonSchema: checkJsonSchemaMode(tool, found), findings: found.findings };
  }
  found.findings.push(...converted.findings);
  return { parameters, findings: found.findings };
}

const GEMINI_OPTION_KEYS: ReadonlySet<string> = new Set(
  Object.keys({ mode: 0, types: 0, recursionDepth: 0, fallback: 0, api: 0 } satisfies Record<
    keyof GeminiToolOptions,
    0
  >),
);

/**
 * Returns the tools as Gemini `FunctionDeclaration`s (put them in `tools: [{ functionDeclarations }]`). In
 * `"jsonSchema"` mode the schema goes out as it is, in `parametersJsonSchema`; in `"openapi"` mode it is rewritten to
 * the `parameters` subset: `$ref`s inlined (recursion cut and reported), `nullable` instead of `null` types, `const`
 * as a one-value enum, no `additionalProperties`. A tool without parameters has no parameters field.
 * @throws {ToolDefinitionError} for an option key it does not know (naming the closest); when Gemini would reject a tool: its name, or (without `fallback: "jsonSchema"`) a
 *   schema the OpenAPI subset cannot carry; the message lists each tool, path and rule.
 * @example
 * const functionDeclarations = toGeminiTools(agent.toolSpecs(), { mode: "openapi", types: Type });
 * await ai.models.generateContent({ model, contents, config: { tools: [{ functionDeclarations }] } });
 */
export function toGeminiTools(
  tools: readonly ExportableTool[],
  options: GeminiToolOptions & { readonly api: "interactions"; readonly mode?: "jsonSchema" },
): GeminiInteractionsFunction[];
export function toGeminiTools(
  tools: readonly ExportableTool[],
  options?: GeminiToolOptions & { readonly api?: "generateContent"; readonly mode?: "jsonSchema" },
): GeminiJsonSchemaFunctionDeclaration[];
export function toGeminiTools<T extends string>(
  tools: readonly ExportableTool[],
  options: GeminiToolOptions<T> & { readonly mode: "openapi"; readonly types: Readonly<Record<GeminiType, T>> },
): GeminiFunctionDeclaration<T>[];
export function toGeminiTools(
  tools: readonly ExportableTool[],
  options: GeminiToolOptions & { readonly mode: "openapi" },
): GeminiFunctionDeclaration[];
export function toGeminiTools<T extends string = GeminiType>(
  tools: readonly ExportableTool[],
  options: GeminiToolOptions<T> = {},
): (GeminiFunctionDeclaration<T> | GeminiJsonSchemaFunctionDeclaration | GeminiInteractionsFunction)[] {
  checkKnownKeys(options, GEMINI_OPTION_KEYS, "toGeminiTools options");
  assertToolNames(tools, "gemini", GEMINI_NAME_RULE);
  if (options.api === "interactions" && options.mode === "openapi") {
    throw new ToolDefinitionError('toGeminiTools: api: "interactions" takes JSON Schema only; leave mode unset.');
  }
  const plan = planGeminiTools(tools, options, toOpenApiSchema);
  const advice =
    options.mode === "openapi" && options.fallback === undefined
      ? ' (pass fallback: "jsonSchema" to send such tools in parametersJsonSchema instead)'
      : "";
  assertExportable(plan.findings, "gemini", advice);
  if (options.api === "interactions")
    return toInteractionsFunctions(plan.tools as GeminiJsonSchemaFunctionDeclaration[]);
  const names = options.types;
  return plan.tools.map((declaration) =>
    "parameters" in declaration && declaration.parameters !== undefined && names !== undefined
      ? { ...declaration, parameters: mapTypeNames(declaration.parameters, names) }
      : (declaration as GeminiFunctionDeclaration<T> | GeminiJsonSchemaFunctionDeclaration),
  );
}
