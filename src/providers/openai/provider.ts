import type { ProviderRow } from "../provider-row.js";
import { parseOpenAIToolCalls } from "./calls.js";
import { toOpenAITools } from "./export.js";
import type { OPENAI_RESULT_LIMITS } from "./limits.js";
import { toOpenAIToolResult } from "./results.js";
import { OPENAI_RULES, type OpenAICompatibilityOptions } from "./rules.js";

/** OpenAI's row of the provider table (Chat Completions and Responses): its rules and its public functions. */
export const OPENAI_PROVIDER: ProviderRow<OpenAICompatibilityOptions, typeof OPENAI_RESULT_LIMITS> = {
  ...OPENAI_RULES,
  exportTools: (tools, options) => toOpenAITools(tools, options),
  parseCalls: parseOpenAIToolCalls,
  buildResult: toOpenAIToolResult,
};
