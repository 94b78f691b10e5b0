/** The providers whose strict (grammar-constrained) mode toolwright rewrites schemas for. */
export type StrictProvider = "openai" | "anthropic";

/** What one provider's strict mode accepts, as data the strict rewrite reads. */
export interface StrictProfile {
  /** Prefix of the rule ids this profile reports, e.g. `openai.strict`. */
  readonly rules: string;
  /** Where the rules come from. */
  readonly source: string;
  /** Every property must be listed in `required` (optional ones become nullable). */
  readonly requireAll: boolean;
  /** Constraint keywords passed through unchanged; any other constraint is folded into the description. */
  readonly keep: ReadonlySet<string>;
  /** String `format` values passed through; any other format is folded into the description. */
  readonly formats: ReadonlySet<string>;
  /** `default` is accepted. */
  readonly keepDefault: boolean;
  /** Recursive `$ref`s are accepted. */
  readonly recursion: boolean;
  /** `allOf` is accepted (without `$ref` members); otherwise a single-member `allOf` is merged and more are an error. */
  readonly allOf: boolean;
  /** An array without `items` is rejected. */
  readonly arrayNeedsItems: boolean;
  /** The largest `minItems` accepted, or undefined for any. */
  readonly maxMinItems: number | undefined;
  /** `enum` and `const` values must be primitives (no objects or arrays). */
  readonly primitiveEnums: boolean;
  /** Returns why a `pattern` cannot be kept, or undefined when it can. */
  readonly rejectPattern: (pattern: string) => string | undefined;
}

/**
 * OpenAI Structured Outputs, the subset `strict: true` function parameters must fit.
 * Source: https://platform.openai.com/docs/guides/structured-outputs#supported-schemas (now served at
 * https://developers.openai.com/api/docs/guides/structured-outputs): supported types string, number, boolean, integer,
 * object, array, enum, anyOf; string `pattern` and `format` (date-time, time, date, duration, email, hostname, ipv4,
 * ipv6, uuid); number `multipleOf`, `maximum`, `exclusiveMaximum`, `minimum`, `exclusiveMinimum`; array `minItems`,
 * `maxItems`; root must be an object and not `anyOf`; all fields required (optional = union with null);
 * `additionalProperties: false` on every object; `allOf`, `not`, `dependentRequired`, `dependentSchemas`, `if`,
 * `then`, `else` not supported; `$defs` and recursion supported. The openai package's own helper
 * (`toStrictJsonSchema`, openai-node `src/lib/transform.ts`) merges a one-member `allOf`, drops a `null` default and
 * inlines a `$ref` that has sibling keywords; toolwright does the same.
 */
export const OPENAI_STRICT: StrictProfile = {
  rules: "openai.strict",
  source: "https://platform.openai.com/docs/guides/structured-outputs#supported-schemas",
  requireAll: true,
  keep: new Set([
    "pattern",
    "multipleOf",
    "maximum",
    "exclusiveMaximum",
    "minimum",
    "exclusiveMinimum",
    "minItems",
    "maxItems",
  ]),
  formats: new Set(["date-time", "time", "date", "duration", "email", "hostname", "ipv4", "ipv6", "uuid"]),
  keepDefault: false,
  recursion: true,
  allOf: false,
  arrayNeedsItems: true,
  maxMinItems: undefined,
  primitiveEnums: false,
  rejectPattern: () => undefined,
};

/**
 * Anthropic strict tool use (`strict: true` on a tool), which shares the structured-outputs subset.
 * Source: https://platform.claude.com/docs/en/build-with-claude/structured-outputs#json-schema-limitations:
 * supported: basic types, `enum` of primitives, `const`, `anyOf`, `allOf` (not with `$ref`), internal `$ref`/`$defs`,
 * `default`, `required`, `additionalProperties: false` (required on every object), formats date-time, time, date,
 * duration, email, hostname, uri, ipv4, ipv6, uuid, `minItems` 0 or 1. Not supported: recursive schemas, complex enum
 * values, external `$ref`, numeric constraints, `minLength`/`maxLength`, array constraints beyond `minItems` 0/1,
 * `additionalProperties` other than false. `pattern` without backreferences, lookaround or word boundaries.
 * Optional properties stay optional. The SDK's own helper (`transformJSONSchema`, @anthropic-ai/sdk
 * `src/lib/transform-json-schema.ts`) turns `oneOf` into `anyOf` and appends dropped keywords to the description.
 */
export const ANTHROPIC_STRICT: StrictProfile = {
  rules: "anthropic.strict",
  source: "https://platform.claude.com/docs/en/build-with-claude/structured-outputs#json-schema-limitations",
  requireAll: false,
  keep: new Set(["pattern", "minItems"]),
  formats: new Set(["date-time", "time", "date", "duration", "email", "hostname", "uri", "ipv4", "ipv6", "uuid"]),
  keepDefault: true,
  recursion: false,
  allOf: true,
  arrayNeedsItems: false,
  maxMinItems: 1,
  primitiveEnums: true,
  rejectPattern: (pattern) => {
    if (/\\[1-9]|\\k</.test(pattern)) return "backreferences";
    if (/\(\?<?[=!]/.test(pattern)) return "lookahead or lookbehind";
    if (/\\[bB]/.test(pattern)) return "word boundaries";
    return undefined;
  },
};

/** Returns the profile of a provider's strict mode. */
export function strictProfile(provider: StrictProvider): StrictProfile {
  return provider === "openai" ? OPENAI_STRICT : ANTHROPIC_STRICT;
}
