import type { ProviderRules } from "../provider-row.js";
import { type OpenAIApi, planOpenAITools } from "./export.js";
import { OPENAI_NAME_RULE, OPENAI_RESULT_LIMITS } from "./limits.js";

/** What `checkCompatibility(tools, "openai", options)` takes: the exporter's own options. */
export interface OpenAICompatibilityOptions {
  readonly api?: OpenAIApi;
  readonly strict?: boolean | "auto";
  readonly flattenRoot?: boolean;
  /** Responses only: tools with a grammar checked as custom tools (their grammar against OpenAI's engine). */
  readonly customTools?: boolean;
}

/** OpenAI's rules (Chat Completions and Responses): what its row of the provider table checks with. */
export const OPENAI_RULES: ProviderRules<OpenAICompatibilityOptions, typeof OPENAI_RESULT_LIMITS> = {
  check: (tools, options) =>
    planOpenAITools(tools, options.strict ?? "auto", options.flattenRoot, false, options.api, options.customTools)
      .findings,
  // inspect checks plain function tools unless --strict asks for strict mode too.
  inspectOptions: (strict) => ({ strict: strict ? "auto" : false }),
  nameRule: OPENAI_NAME_RULE,
  resultLimits: OPENAI_RESULT_LIMITS,
};
