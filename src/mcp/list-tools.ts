import { type McpTool, toMcpTools } from "../providers/mcp/export.js";
import { cloneJson } from "../schema/json.js";
import type { ExportableTool } from "../tool/exportable-tool.js";

/** The protocol era a server instance serves: `"legacy"` for 2025-11-25 (and older), `"modern"` for 2026-07-28. */
export type McpEra = "legacy" | "modern";

/** A listed tool as it goes on the wire; on 2026-07-28 its `outputSchema` may have any root. */
export type ListedMcpTool = Omit<McpTool, "outputSchema"> & { outputSchema?: Record<string, unknown> };

/**
 * Answers `tools/list` for one era, in the agent's own (definition) order, the same on every request and replica.
 * 2025-11-25 lists only output schemas with an object root (its `Tool.outputSchema` is `type: "object"`); 2026-07-28
 * allows any root, so a tool returning a list or a string keeps its output schema there.
 */
export function listMcpTools(tools: readonly ExportableTool[], era: McpEra): ListedMcpTool[] {
  const listed: ListedMcpTool[] = toMcpTools(tools);
  if (era === "legacy") return listed;
  tools.forEach((tool, index) => {
    const schema = tool.outputSchema;
    if (schema !== undefined && schema.type !== "object") {
      listed[index]!.outputSchema = cloneJson(schema) as Record<string, unknown>;
    }
  });
  return listed;
}
