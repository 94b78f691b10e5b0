import { ANTHROPIC_RULES } from "./anthropic/rules.js";
import { GEMINI_RULES } from "./gemini/rules.js";
import { MCP_RULES } from "./mcp/rules.js";
import { OPENAI_RULES } from "./openai/rules.js";
import type { ProviderRules } from "./provider-row.js";
import type { ToolNameRule } from "./tool-names.js";

/**
 * The provider table's rules: each provider's compatibility check, name rule and result limits, keyed by its name,
 * in the order `inspect` checks them. `checkCompatibility`, a registry's compatibility warnings and `RESULT_LIMITS`
 * read this part alone, so an app that calls tools without exporting them carries no exporter, call parser or result
 * builder (`PROVIDER_TABLE` in provider-table.ts adds those to each row). `ProviderName` is its keys.
 */
export const PROVIDER_RULES = {
  openai: OPENAI_RULES,
  anthropic: ANTHROPIC_RULES,
  gemini: GEMINI_RULES,
  mcp: MCP_RULES,
} as const;

/** The providers toolwright exports tools to. */
export type ProviderName = keyof typeof PROVIDER_RULES;

/** The providers' names, in the table's order. */
export const PROVIDER_NAMES = Object.keys(PROVIDER_RULES) as readonly ProviderName[];

/** Returns true when `name` is a provider of the table. */
export function isProviderName(name: string): name is ProviderName {
  return Object.hasOwn(PROVIDER_RULES, name);
}

/** The options `checkCompatibility` takes for each provider: the same as the exporter's. */
export type CompatibilityOptions = {
  readonly [P in ProviderName]: (typeof PROVIDER_RULES)[P] extends ProviderRules<infer O, infer _L> ? O : never;
};

/** Tool-name rules, per provider (each row's `nameRule`). */
export const TOOL_NAME_RULES = Object.fromEntries(
  PROVIDER_NAMES.map((name) => [name, PROVIDER_RULES[name].nameRule]),
) as Readonly<Record<ProviderName, ToolNameRule>>;

type Intersection<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void ? I : never;

// Every result path's limits, the rows' `resultLimits` together.
type ResultLimitsTable = Intersection<(typeof PROVIDER_RULES)[ProviderName]["resultLimits"]>;

/**
 * Each result path's limits, from the providers' documentation (December 2026), as each row of the provider table
 * gives them: OpenAI images and files up to 50 MB per request, Chat Completions audio in wav or mp3; Anthropic images
 * up to 5 MB each, PDFs and text documents, 32 MB per request; Gemini inline data up to 20 MB per request; MCP none.
 * Sizes count the base64 text as sent, which is what the providers measure.
 */
export const RESULT_LIMITS = Object.assign(
  {},
  ...PROVIDER_NAMES.map((name) => PROVIDER_RULES[name].resultLimits),
) as ResultLimitsTable;

/** A path a result can take to a model. */
export type ResultPath = {
  [P in ProviderName]: keyof (typeof PROVIDER_RULES)[P]["resultLimits"];
}[ProviderName];
