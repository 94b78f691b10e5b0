import type { ProviderRow } from "../provider-row.js";
import { parseGeminiToolCalls } from "./calls.js";
import { toGeminiTools } from "./export.js";
import type { GEMINI_RESULT_LIMITS } from "./limits.js";
import { toGeminiToolResult } from "./results.js";
import { GEMINI_RULES, type GeminiCompatibilityOptions } from "./rules.js";

/** Gemini's row of the provider table (`generateContent`): its rules and its public functions. */
export const GEMINI_PROVIDER: ProviderRow<GeminiCompatibilityOptions, typeof GEMINI_RESULT_LIMITS> = {
  ...GEMINI_RULES,
  exportTools: (tools, options = {}) =>
    options.mode === "openapi"
      ? toGeminiTools(tools, { ...options, mode: "openapi" })
      : toGeminiTools(tools, { ...options, mode: "jsonSchema" }),
  parseCalls: parseGeminiToolCalls,
  buildResult: toGeminiToolResult,
};
