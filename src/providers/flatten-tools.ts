import type { CompatibilityFinding } from "../schema/finding.js";
import { type RootCombinator, flattenRoot } from "../schema/flatten-root.js";
import type { ExportableTool } from "../tool/exportable-tool.js";

/**
 * Returns the tools with `keys` flattened out of each schema's root (see `flattenRoot`), and adds a
 * `<provider>.root-flattened` warning per keyword removed; with `enabled` false, returns them unchanged.
 */
export function flattenRoots<T extends ExportableTool>(
  tools: readonly T[],
  provider: string,
  keys: readonly RootCombinator[],
  enabled: boolean,
  findings: CompatibilityFinding[],
): readonly T[] {
  if (!enabled) return tools;
  return tools.map((tool) => {
    const { schema, flattened } = flattenRoot(tool.inputSchema, keys);
    if (flattened.length === 0) return tool;
    for (const key of flattened) {
      findings.push({
        tool: tool.name,
        path: `/${key}`,
        rule: `${provider}.root-flattened`,
        severity: "warning",
        message: `\`${key}\` at the root was merged into one object schema (flattenRoot); calls are still validated against it.`,
      });
    }
    return { ...tool, inputSchema: schema };
  });
}
