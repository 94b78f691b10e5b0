import type { ObjectJsonSchema } from "../params/json-schema.js";
import type { ToolFlags, ToolSpec } from "./tool.js";

/**
 * What every exporter accepts for one tool: a {@link ToolSpec}, optionally with the tool's flags (so both
 * `agent.toolSpecs()` and `agent.tools()` can be passed) and, for MCP, a JSON Schema of its structured output.
 */
export type ExportableTool = ToolSpec & Partial<ToolFlags> & { readonly outputSchema?: ObjectJsonSchema };
