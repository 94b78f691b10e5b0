import { type McpTool, toMcpTools } from "../../providers/mcp/export.js";
import { declaredDialect } from "../../schema/declared-dialect.js";
import { cloneJson } from "../../schema/json.js";
import type { ExportableTool } from "../../tool/exportable-tool.js";

/** The protocol era a server instance serves: `"legacy"` for 2025-11-25 (and older), `"modern"` for 2026-07-28. */
export type McpEra = "legacy" | "modern";

/** A listed tool as it goes on the wire; on 2026-07-28 its `outputSchema` may have any root. */
export type ListedMcpTool = Omit<McpTool, "outputSchema"> & {
  outputSchema?: Record<string, unknown>;
  execution?: { taskSupport: "optional" | "required" };
};

/**
 * Answers `tools/list` for one era, in the agent's own (definition) order, the same on every request and replica.
 * 2025-11-25 lists only output schemas with an object root (its `Tool.outputSchema` is `type: "object"`); 2026-07-28
 * allows any root, so a tool returning a list or a string keeps its output schema there. An input schema whose author
 * declared `$schema` 2020-12 lists it. On 2025-11-25 with `tasks` served, `execution.taskSupport` says how a tool
 * meets that revision's tasks: `"required"` for a `background: true` tool, `"optional"` for every other one (the
 * client asks per call, and any call can run as a task). 2026-07-28 has no such field: there the server decides.
 */
export function listMcpTools(tools: readonly ExportableTool[], era: McpEra, tasks = false): ListedMcpTool[] {
  const listed: ListedMcpTool[] = toMcpTools(tools);
  tools.forEach((tool, index) => {
    const support = !tasks || era !== "legacy" ? undefined : tool.background === true ? "required" : "optional";
    if (support !== undefined) listed[index]!.execution = { taskSupport: support };
    // A schema written for 2020-12 says so on the wire too (MCP keeps `$schema`; SEP-1613).
    const dialect = declaredDialect(tool.inputSchema);
    if (dialect !== undefined) listed[index]!.inputSchema = { $schema: dialect, ...listed[index]!.inputSchema };
    if (era === "legacy") return;
    const schema = tool.outputSchema;
    if (schema !== undefined && schema.type !== "object") {
      listed[index]!.outputSchema = cloneJson(schema) as Record<string, unknown>;
    }
  });
  return listed;
}
