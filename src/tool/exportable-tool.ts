import type { ToolFlags, ToolSpec } from "./tool.js";

/**
 * What every exporter accepts for one tool: a {@link ToolSpec}, optionally with the tool's flags (so both
 * `agent.toolSpecs()` and `agent.tools()` can be passed); `outputSchema` (on the spec) is listed by MCP.
 */
export type ExportableTool = ToolSpec & Partial<ToolFlags>;
