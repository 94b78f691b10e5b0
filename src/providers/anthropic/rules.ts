import type { ProviderRules } from "../provider-row.js";
import { planAnthropicTools } from "./export.js";
import { ANTHROPIC_NAME_RULE, ANTHROPIC_RESULT_LIMITS } from "./limits.js";

/** What `checkCompatibility(tools, "anthropic", options)` takes: the exporter's own options. */
export interface AnthropicCompatibilityOptions {
  readonly strict?: boolean | "auto";
  readonly flattenRoot?: boolean;
}

/** Anthropic's rules (the Messages API): what its row of the provider table checks with. */
export const ANTHROPIC_RULES: ProviderRules<AnthropicCompatibilityOptions, typeof ANTHROPIC_RESULT_LIMITS> = {
  check: (tools, options) => planAnthropicTools(tools, options.strict ?? false, options.flattenRoot).findings,
  inspectOptions: () => ({}),
  nameRule: ANTHROPIC_NAME_RULE,
  resultLimits: ANTHROPIC_RESULT_LIMITS,
};
