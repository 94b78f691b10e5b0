import { type ToolResult, renderToolResult } from "../tool/tool-result.js";
import { isPlainObject } from "../schema/json.js";

/** A `tools/call` result as an MCP server sends it (`CallToolResult` of the MCP SDK, text content only). */
export interface McpCallToolResult {
  [key: string]: unknown;
  content: { type: "text"; text: string }[];
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
}

/**
 * Turns a toolwright result into an MCP `tools/call` result. Success: the rendered content as one text block, plus
 * `structuredContent` when the handler returned a plain object. Failure of any kind (invalid arguments, denied,
 * timed out, awaiting approval, ...): `isError: true` and the readable `Error (CODE): message` text, so the model
 * reads what went wrong instead of the client seeing a protocol error.
 */
export function toMcpCallToolResult(result: ToolResult): McpCallToolResult {
  const text = renderToolResult(result);
  if (!result.ok) return { content: [{ type: "text", text }], isError: true };
  const out: McpCallToolResult = { content: [{ type: "text", text }] };
  if (isPlainObject(result.content)) out.structuredContent = result.content;
  return out;
}
