import { type McpToolResult, toMcpToolResult } from "../../providers/mcp/results.js";
import type { ToolResult } from "../../tool/tool-result.js";

/** A `tools/call` result as an MCP server sends it (`CallToolResult` of the MCP SDK). */
export type McpCallToolResult = McpToolResult;

/**
 * Turns a toolwright result into an MCP `tools/call` result: text or one content block per part (`text`, `image`,
 * `audio`, `resource_link`, `resource`), `structuredContent` when the handler returned a plain object, and on failure
 * of any kind (invalid arguments, denied, timed out, awaiting approval, ...) `isError: true` with the readable
 * `Error (CODE): message` text, so the model reads what went wrong instead of the client seeing a protocol error.
 */
export function toMcpCallToolResult(result: ToolResult): McpCallToolResult {
  return toMcpToolResult(result);
}
