import type { ProviderRow } from "../provider-row.js";
import { parseOpenAIToolCalls } from "./calls.js";
import { type OpenAIApi, planOpenAITools, toOpenAITools } from "./export.js";
import { OPENAI_NAME_RULE, OPENAI_RESULT_LIMITS } from "./limits.js";
import { toOpenAIToolResult } from "./results.js";

/** What `checkCompatibility(tools, "openai", options)` takes: the exporter's own options. */
export interface OpenAICompatibilityOptions {
  readonly api?: OpenAIApi;
  readonly strict?: boolean | "auto";
  readonly flattenRoot?: boolean;
  /** Responses only: tools with a grammar checked as custom tools (their grammar against OpenAI's engine). */
  readonly customTools?: boolean;
}

/** OpenAI's row of the provider table (Chat Completions and Responses). */
export const OPENAI_PROVIDER: ProviderRow<OpenAICompatibilityOptions, typeof OPENAI_RESULT_LIMITS> = {
  exportTools: (tools, options) => toOpenAITools(tools, options),
  parseCalls: parseOpenAIToolCalls,
  buildResult: toOpenAIToolResult,
  check: (tools, options) =>
    planOpenAITools(tools, options.strict ?? "auto", options.flattenRoot, false, options.api, options.customTools)
      .findings,
  // inspect checks plain function tools unless --strict asks for strict mode too.
  inspectOptions: (strict) => ({ strict: strict ? "auto" : false }),
  nameRule: OPENAI_NAME_RULE,
  resultLimits: OPENAI_RESULT_LIMITS,
};
