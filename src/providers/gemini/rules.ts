import type { ProviderRules } from "../provider-row.js";
import { type GeminiMode, planGeminiTools } from "./export.js";
import { GEMINI_NAME_RULE, GEMINI_RESULT_LIMITS } from "./limits.js";

/** What `checkCompatibility(tools, "gemini", options)` takes: the exporter's own options. */
export interface GeminiCompatibilityOptions {
  readonly mode?: GeminiMode;
  readonly recursionDepth?: number;
  readonly fallback?: "jsonSchema";
}

/** Gemini's rules (`generateContent`): what its row of the provider table checks with. */
export const GEMINI_RULES: ProviderRules<GeminiCompatibilityOptions, typeof GEMINI_RESULT_LIMITS> = {
  check: (tools, options, parts) => planGeminiTools(tools, options, parts.geminiOpenApi).findings,
  inspectOptions: () => ({}),
  nameRule: GEMINI_NAME_RULE,
  resultLimits: GEMINI_RESULT_LIMITS,
};
