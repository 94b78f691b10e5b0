import type { ProviderRow } from "../provider-row.js";
import { parseAnthropicToolCalls } from "./calls.js";
import { planAnthropicTools, toAnthropicTools } from "./export.js";
import { ANTHROPIC_NAME_RULE, ANTHROPIC_RESULT_LIMITS } from "./limits.js";
import { toAnthropicToolResult } from "./results.js";

/** What `checkCompatibility(tools, "anthropic", options)` takes: the exporter's own options. */
export interface AnthropicCompatibilityOptions {
  readonly strict?: boolean | "auto";
  readonly flattenRoot?: boolean;
}

/** Anthropic's row of the provider table (the Messages API). */
export const ANTHROPIC_PROVIDER: ProviderRow<AnthropicCompatibilityOptions, typeof ANTHROPIC_RESULT_LIMITS> = {
  exportTools: (tools, options) => toAnthropicTools(tools, options),
  parseCalls: parseAnthropicToolCalls,
  buildResult: toAnthropicToolResult,
  check: (tools, options) => planAnthropicTools(tools, options.strict ?? false, options.flattenRoot).findings,
  inspectOptions: () => ({}),
  nameRule: ANTHROPIC_NAME_RULE,
  resultLimits: ANTHROPIC_RESULT_LIMITS,
};
