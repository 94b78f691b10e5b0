import { type ObjectJsonSchema } from "../../params/json-schema.js";
import { isPlainObject } from "../json.js";
import type { ObjectSchemaObject } from "../json.js";
import { type CompatibilityFinding, FindingCollector } from "../finding.js";
import { type StrictProvider, strictProfile } from "./strict-profiles.js";
import type { StrictContext } from "./strict-context.js";
import { strictNode } from "./strict-walk.js";

/** Where a strict rewrite made optional properties required and nullable: object schema (JSON Pointer) → property names. */
export type NulledOptionals = Readonly<Record<string, readonly string[]>>;

/** The outcome of rewriting one input schema for a provider's strict mode. */
export interface StrictSchemaResult {
  /** The rewritten schema (deeply frozen; exporters hand out copies). */
  readonly schema: ObjectSchemaObject;
  /** True when the provider accepts `schema` with `strict: true`, i.e. no finding is an error. */
  readonly strict: boolean;
  /** What was rewritten (warnings) and what could not be (errors). */
  readonly findings: readonly CompatibilityFinding[];
  /**
   * The optional properties that became required and nullable, by the JSON Pointer of their object schema within
   * `schema`. The model sends `null` for them where it would have left them out; `dropStrictNulls` (and the
   * dispatcher's null rule) turn those `null`s back into absent keys.
   */
  readonly nulledOptionals: NulledOptionals;
}

/** Options of {@link toStrictJsonSchema}. */
export interface StrictSchemaOptions {
  /** Whose strict subset to fit. */
  readonly provider: StrictProvider;
  /** The tool name the findings carry. Default `""`. */
  readonly tool?: string;
}

// Schema work happens once per schema object: specs are frozen, so a WeakMap keyed on them never goes stale. Most
// schemas are rewritten for one provider and tool name only: that first result is kept as it is, and a Map is made
// only for a second key (a Map per schema was a tenth of an export's garbage).
interface CacheEntry {
  readonly key: string;
  readonly result: StrictSchemaResult;
  others?: Map<string, StrictSchemaResult>;
}
const cache = new WeakMap<object, CacheEntry>();

// OpenAI's documented size limits (https://platform.openai.com/docs/guides/structured-outputs#objects-have-limitations-on-nesting-depth-and-size).
const OPENAI_MAX_PROPERTIES = 5000;
const OPENAI_MAX_DEPTH = 5;
const OPENAI_MAX_ENUM_VALUES = 1000;

/**
 * Rewrites a tool's input schema into the subset a provider's strict mode accepts: `additionalProperties: false` on
 * every object; for OpenAI every property required, the optional ones made nullable; unsupported keywords removed and,
 * where they tell the model something, folded into the description. The input is never changed.
 * @example
 * const { schema, strict, findings } = toStrictJsonSchema(spec.inputSchema, { provider: "openai", tool: spec.name });
 */
export function toStrictJsonSchema(schema: ObjectJsonSchema, options: StrictSchemaOptions): StrictSchemaResult {
  const key = `${options.provider}\u0000${options.tool ?? ""}`;
  const entry = cache.get(schema);
  if (entry !== undefined) {
    if (entry.key === key) return entry.result;
    const cached = entry.others?.get(key);
    if (cached) return cached;
  }
  const result = rewrite(schema, options);
  if (entry === undefined) cache.set(schema, { key, result });
  else (entry.others ??= new Map()).set(key, result);
  return result;
}

// The combinators a root must not use. Loops over lists on the definition path are indexed: in a process's first
// definition they run in V8's interpreter and baseline code, where `for...of` makes an iterator and a result per step.
const ROOT_UNIONS = ["anyOf", "oneOf", "allOf"] as const;

function rewrite(schema: ObjectJsonSchema, options: StrictSchemaOptions): StrictSchemaResult {
  const profile = strictProfile(options.provider);
  const found = new FindingCollector(options.tool ?? "");
  const ctx: StrictContext = {
    profile,
    root: schema,
    // Most schemas hold no `$ref`: the scan of the whole schema for reference cycles waits for the first one.
    recursive: undefined,
    reached: undefined,
    found,
    nulled: undefined,
    stats: { properties: 0, enumValues: 0, depth: 0 },
    nullAdded: false,
    nullWrapped: false,
  };
  const r = profile.rules;
  if (!isPlainObject(schema) || schema.type !== "object") {
    found.add([], `${r}.root`, "error", 'The root of the input schema must be `"type": "object"`.');
  }
  for (let i = 0; i < ROOT_UNIONS.length; i++) {
    const key = ROOT_UNIONS[i]!;
    if (isPlainObject(schema) && schema[key] !== undefined) {
      found.add([key], `${r}.root`, "error", `The root of the input schema must not use \`${key}\`.`);
    }
  }
  const out = strictNode(schema, undefined, undefined, ctx) as ObjectSchemaObject;
  if (options.provider === "openai") {
    const { properties, depth, enumValues } = ctx.stats;
    if (properties > OPENAI_MAX_PROPERTIES) {
      found.add(
        [],
        `${r}.limit`,
        "error",
        `${properties} object properties; strict mode allows ${OPENAI_MAX_PROPERTIES}.`,
      );
    }
    if (enumValues > OPENAI_MAX_ENUM_VALUES) {
      found.add([], `${r}.limit`, "error", `${enumValues} enum values; strict mode allows ${OPENAI_MAX_ENUM_VALUES}.`);
    }
    if (depth > OPENAI_MAX_DEPTH) {
      found.add(
        [],
        `${r}.depth`,
        "warning",
        `${depth} levels of object nesting; OpenAI documents at most ${OPENAI_MAX_DEPTH}.`,
      );
    }
  }
  // The schema is frozen as it was built (strictNode); the findings and the records are frozen here, one by one
  // (they are flat), instead of by a deep walk that would visit the frozen schema again.
  const findings = found.findings;
  for (let i = 0; i < findings.length; i++) Object.freeze(findings[i]);
  const nulledOptionals: Record<string, readonly string[]> = {};
  ctx.nulled?.forEach((names, pointer) => (nulledOptionals[pointer] = Object.freeze(names)));
  return Object.freeze({
    schema: out,
    strict: !found.hasErrors,
    findings: Object.freeze(findings),
    nulledOptionals: Object.freeze(nulledOptionals),
  });
}
