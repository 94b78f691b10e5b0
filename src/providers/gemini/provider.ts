import type { ProviderRow } from "../provider-row.js";
import { parseGeminiToolCalls } from "./calls.js";
import { type GeminiMode, planGeminiTools, toGeminiTools } from "./export.js";
import { GEMINI_NAME_RULE, GEMINI_RESULT_LIMITS } from "./limits.js";
import { toGeminiToolResult } from "./results.js";

/** What `checkCompatibility(tools, "gemini", options)` takes: the exporter's own options. */
export interface GeminiCompatibilityOptions {
  readonly mode?: GeminiMode;
  readonly recursionDepth?: number;
  readonly fallback?: "jsonSchema";
}

/** Gemini's row of the provider table (`generateContent`). */
export const GEMINI_PROVIDER: ProviderRow<GeminiCompatibilityOptions, typeof GEMINI_RESULT_LIMITS> = {
  exportTools: (tools, options = {}) =>
    options.mode === "openapi"
      ? toGeminiTools(tools, { ...options, mode: "openapi" })
      : toGeminiTools(tools, { ...options, mode: "jsonSchema" }),
  parseCalls: parseGeminiToolCalls,
  buildResult: toGeminiToolResult,
  check: (tools, options) => planGeminiTools(tools, options).findings,
  inspectOptions: () => ({}),
  nameRule: GEMINI_NAME_RULE,
  resultLimits: GEMINI_RESULT_LIMITS,
};
