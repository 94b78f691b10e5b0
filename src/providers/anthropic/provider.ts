import type { ProviderRow } from "../provider-row.js";
import { parseAnthropicToolCalls } from "./calls.js";
import { toAnthropicTools } from "./export.js";
import type { ANTHROPIC_RESULT_LIMITS } from "./limits.js";
import { toAnthropicToolResult } from "./results.js";
import { ANTHROPIC_RULES, type AnthropicCompatibilityOptions } from "./rules.js";

/** Anthropic's row of the provider table (the Messages API): its rules and its public functions. */
export const ANTHROPIC_PROVIDER: ProviderRow<AnthropicCompatibilityOptions, typeof ANTHROPIC_RESULT_LIMITS> = {
  ...ANTHROPIC_RULES,
  exportTools: (tools, options) => toAnthropicTools(tools, options),
  parseCalls: parseAnthropicToolCalls,
  buildResult: toAnthropicToolResult,
};
