import { type McpTool, toMcpTools } from "../../providers/mcp/export.js";
import { declaredDialect } from "../../schema/declared-dialect.js";
import type { ExportableTool } from "../../tool/exportable-tool.js";

/** A listed tool as it goes on the wire; on 2026-07-28 its `outputSchema` may have any root. */
export type ListedMcpTool = Omit<McpTool, "outputSchema"> & {
  outputSchema?: Record<string, unknown>;
  execution?: { taskSupport: "optional" | "required" };
};

/**
 * Answers `tools/list` for one revision, in the agent's own (definition) order, the same on every request and
 * replica. An input schema whose author declared `$schema` 2020-12 lists it; `extend` adds the revision's own fields
 * (2025-11-25's task support, 2026-07-28's output schemas of any root).
 */
export function listMcpTools(
  tools: readonly ExportableTool[],
  extend: (tool: ExportableTool, listed: ListedMcpTool) => void,
): ListedMcpTool[] {
  const listed: ListedMcpTool[] = toMcpTools(tools);
  tools.forEach((tool, index) => {
    const entry = listed[index]!;
    // A schema written for 2020-12 says so on the wire too (MCP keeps `$schema`; SEP-1613).
    const dialect = declaredDialect(tool.inputSchema);
    if (dialect !== undefined) entry.inputSchema = { $schema: dialect, ...entry.inputSchema };
    extend(tool, entry);
  });
  return listed;
}
