import { ANTHROPIC_PROVIDER } from "./anthropic/provider.js";
import { GEMINI_PROVIDER } from "./gemini/provider.js";
import { MCP_PROVIDER } from "./mcp/provider.js";
import { OPENAI_PROVIDER } from "./openai/provider.js";
import type { ProviderRow } from "./provider-row.js";
import type { ToolNameRule } from "./tool-names.js";

/**
 * The provider table: one row per provider toolwright exports tools to, keyed by its name, in the order `inspect`
 * checks them. Compatibility, `inspect`, the command's `--provider` and `RESULT_LIMITS` read it, and `ProviderName`
 * is its keys: adding a provider is a folder under `providers/` and a row here (docs/architecture.md).
 */
export const PROVIDER_TABLE = {
  openai: OPENAI_PROVIDER,
  anthropic: ANTHROPIC_PROVIDER,
  gemini: GEMINI_PROVIDER,
  mcp: MCP_PROVIDER,
} as const;

/** The providers toolwright exports tools to. */
export type ProviderName = keyof typeof PROVIDER_TABLE;

/** The providers' names, in the table's order. */
export const PROVIDER_NAMES = Object.keys(PROVIDER_TABLE) as readonly ProviderName[];

/** Returns true when `name` is a provider of the table. */
export function isProviderName(name: string): name is ProviderName {
  return Object.hasOwn(PROVIDER_TABLE, name);
}

/** The options `checkCompatibility` takes for each provider: the same as the exporter's. */
export type CompatibilityOptions = {
  readonly [P in ProviderName]: (typeof PROVIDER_TABLE)[P] extends ProviderRow<infer O, infer _L> ? O : never;
};

/** Tool-name rules, per provider (each row's `nameRule`). */
export const TOOL_NAME_RULES = Object.fromEntries(
  PROVIDER_NAMES.map((name) => [name, PROVIDER_TABLE[name].nameRule]),
) as Readonly<Record<ProviderName, ToolNameRule>>;

type Intersection<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void ? I : never;

// Every result path's limits, the rows' `resultLimits` together.
type ResultLimitsTable = Intersection<(typeof PROVIDER_TABLE)[ProviderName]["resultLimits"]>;

/**
 * Each result path's limits, from the providers' documentation (December 2026), as each row of the provider table
 * gives them: OpenAI images and files up to 50 MB per request, Chat Completions audio in wav or mp3; Anthropic images
 * up to 5 MB each, PDFs and text documents, 32 MB per request; Gemini inline data up to 20 MB per request; MCP none.
 * Sizes count the base64 text as sent, which is what the providers measure.
 */
export const RESULT_LIMITS = Object.assign(
  {},
  ...PROVIDER_NAMES.map((name) => PROVIDER_TABLE[name].resultLimits),
) as ResultLimitsTable;

/** A path a result can take to a model. */
export type ResultPath = {
  [P in ProviderName]: keyof (typeof PROVIDER_TABLE)[P]["resultLimits"];
}[ProviderName];
