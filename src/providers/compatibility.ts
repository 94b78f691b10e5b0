import { planAnthropicTools } from "./anthropic/export.js";
import type { ExportableTool } from "../tool/exportable-tool.js";
import type { CompatibilityFinding, ProviderName } from "../schema/finding.js";
import { type GeminiMode, planGeminiTools } from "./gemini/export.js";
import { checkMcpTools } from "./mcp/export.js";
import { type OpenAIApi, planOpenAITools } from "./openai/export.js";

/** The options `checkCompatibility` takes for each provider: the same as the exporter's. */
export interface CompatibilityOptions {
  readonly openai: { readonly api?: OpenAIApi; readonly strict?: boolean | "auto"; readonly flattenRoot?: boolean };
  readonly anthropic: { readonly strict?: boolean | "auto"; readonly flattenRoot?: boolean };
  readonly gemini: { readonly mode?: GeminiMode; readonly recursionDepth?: number; readonly fallback?: "jsonSchema" };
  readonly mcp: Readonly<Record<string, never>>;
}

/**
 * Returns what `provider` would not accept in `tools` exported with `options`, and what the exporter changes to fit
 * (the defaults are the exporters' own: OpenAI `strict: "auto"`, Anthropic non-strict, Gemini `"jsonSchema"`). An
 * empty list means the tools go out unchanged. Pure: nothing is thrown or logged.
 * @example
 * for (const f of checkCompatibility(agent.toolSpecs(), "gemini", { mode: "openapi" })) {
 *   console.warn(`${f.severity} ${f.tool}${f.path} [${f.rule}] ${f.message}`);
 * }
 */
export function checkCompatibility<P extends ProviderName>(
  tools: readonly ExportableTool[],
  provider: P,
  options?: CompatibilityOptions[P],
): CompatibilityFinding[] {
  const findings = findingsFor(tools, provider, options ?? {});
  return findings.map((f) => ({ ...f }));
}

function findingsFor(
  tools: readonly ExportableTool[],
  provider: ProviderName,
  options: object,
): readonly CompatibilityFinding[] {
  const openai = options as CompatibilityOptions["openai"];
  const anthropic = options as CompatibilityOptions["anthropic"];
  switch (provider) {
    case "openai":
      return planOpenAITools(tools, openai.strict ?? "auto", openai.flattenRoot).findings;
    case "anthropic":
      return planAnthropicTools(tools, anthropic.strict ?? false, anthropic.flattenRoot).findings;
    case "gemini":
      return planGeminiTools(tools, options as CompatibilityOptions["gemini"]).findings;
    case "mcp":
      return checkMcpTools(tools);
  }
}
