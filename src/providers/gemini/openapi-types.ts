import type { FindingCollector } from "../../schema/finding.js";

/** Gemini's type names (the `Type` enum of @google/genai), in the upper case the SDK sends. */
export type GeminiType = "TYPE_UNSPECIFIED" | "STRING" | "NUMBER" | "INTEGER" | "BOOLEAN" | "ARRAY" | "OBJECT" | "NULL";

/**
 * Gemini's `Schema` (the OpenAPI 3.0 subset of `FunctionDeclaration.parameters`), field for field as @google/genai
 * types it; integer limits are strings there because the API reads them as int64. `T` is the type of the type names:
 * the string literals of {@link GeminiType}, or the SDK's own `Type` enum when it is passed to `toGeminiTools`.
 */
export interface GeminiSchema<T extends string = GeminiType> {
  type?: T;
  format?: string;
  title?: string;
  description?: string;
  nullable?: boolean;
  enum?: string[];
  properties?: Record<string, GeminiSchema<T>>;
  required?: string[];
  items?: GeminiSchema<T>;
  anyOf?: GeminiSchema<T>[];
  minItems?: string;
  maxItems?: string;
  minLength?: string;
  maxLength?: string;
  minProperties?: string;
  maxProperties?: string;
  minimum?: number;
  maximum?: number;
  pattern?: string;
  default?: unknown;
  example?: unknown;
}

/** A path of schema keywords and names. */
export type Path = readonly string[];

/** State of one conversion. */
export interface OpenApiContext {
  readonly root: unknown;
  readonly found: FindingCollector;
  /** How often a recursive `$ref` is expanded along one path before the property holding it is left out. */
  readonly recursionDepth: number;
}

/** Marks a branch cut where a recursive reference ran out of depth; the nearest property holding it is left out. */
export const CUT: unique symbol = Symbol("toolwright.openapi.cut");

/** A converted node, or {@link CUT}. */
export type Converted = GeminiSchema | typeof CUT;

/**
 * Converts a whole input schema to the OpenAPI subset (`toOpenApiSchema`): handed to the plan by the callers that may
 * ask for `mode: "openapi"`, so that a check with the default options (a registry's compatibility warnings) does not
 * reach the converter, and a bundler leaves it out of an app that never exports or checks in that mode.
 */
export type OpenApiSchemaConverter = (node: unknown, ctx: OpenApiContext) => GeminiSchema | undefined;

/** Converts one node (passed to the helpers, so they need not import the converter). */
export type OpenApiConvert = (node: unknown, src: Path, ctx: OpenApiContext, refs: readonly string[]) => Converted;

/** Returns a copy of a converted schema with every type name replaced through `names` (e.g. the SDK's `Type` enum). */
export function mapTypeNames<T extends string>(
  schema: GeminiSchema,
  names: Readonly<Record<GeminiType, T>>,
): GeminiSchema<T> {
  const { type, properties, items, anyOf, ...rest } = schema;
  const out: GeminiSchema<T> = type === undefined ? {} : { type: names[type] };
  Object.assign(out, rest);
  if (properties !== undefined) {
    out.properties = Object.fromEntries(Object.entries(properties).map(([k, v]) => [k, mapTypeNames(v, names)]));
  }
  if (items !== undefined) out.items = mapTypeNames(items, names);
  if (anyOf !== undefined) out.anyOf = anyOf.map((branch) => mapTypeNames(branch, names));
  return out;
}
