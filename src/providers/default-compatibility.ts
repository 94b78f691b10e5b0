import type { ExportableTool } from "../tool/exportable-tool.js";
import type { CompatibilityFinding } from "../schema/finding.js";
import type { ProviderRules } from "./provider-row.js";
import { PROVIDER_RULES, type ProviderName } from "./provider-rules.js";

/**
 * Returns `checkCompatibility(tools, provider)`: what `provider` would not accept in `tools` exported with its
 * default options. A registry's compatibility warnings check with this: it hands the rules no `CheckParts`
 * (the default options need none), so an app that never calls `checkCompatibility` does not bundle them.
 */
export function checkDefaultCompatibility(
  tools: readonly ExportableTool[],
  provider: ProviderName,
): CompatibilityFinding[] {
  const row = PROVIDER_RULES[provider] as ProviderRules<object, never>;
  return row.check(tools, {}, {}).map((f) => ({ ...f }));
}
