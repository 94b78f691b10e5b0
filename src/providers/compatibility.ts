import type { ExportableTool } from "../tool/exportable-tool.js";
import type { CompatibilityFinding } from "../schema/finding.js";
import { toOpenApiSchema } from "./gemini/openapi-schema.js";
import type { CheckParts, ProviderRules } from "./provider-row.js";
import { type CompatibilityOptions, PROVIDER_RULES, type ProviderName } from "./provider-rules.js";

// Every part a check may need for its options (a registry's warnings check with none: default-compatibility.ts).
const PARTS: CheckParts = { geminiOpenApi: toOpenApiSchema };

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
  // Each row checks with its own options; the table's key ties `options` to `provider`, which TypeScript cannot
  // follow through the lookup.
  const row = PROVIDER_RULES[provider] as ProviderRules<object, never>;
  const findings = row.check(tools, options ?? {}, PARTS);
  return findings.map((f) => ({ ...f }));
}
