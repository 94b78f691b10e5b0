import { toMcpTools } from "../../providers/mcp/export.js";
import { isToolSearchReport } from "../../providers/tool-search/search-tools.js";
import { TOOL_SEARCH_TOOL } from "../../providers/tool-search/tool-search-spec.js";
import type { ToolResult } from "../../tool/tool-result.js";
import type { McpServableAgent } from "./servable-agent.js";

/** What the model reads after a search on a server that keeps no list per client. */
export const REQUEST_SCOPED_SEARCH_NOTE =
  "These tools are not added to this server's tools/list: it keeps no session, so the next listing is the same. " +
  "Call each one directly (tools/call) by its name, with arguments that match its inputSchema below.";

/**
 * Rewrites a `tool_search` result for a server that answers one request and is gone (stateless HTTP, 2026-07-28):
 * there "these tools are loaded now" would be untrue, since the next `tools/list` comes to a fresh server that has
 * loaded nothing. Instead the answer carries each found tool's full MCP form (name, description, inputSchema, and
 * outputSchema and annotations where it has them) and says to call it directly, which `tools/call` accepts for any
 * deferred tool the agent may use (access control applies as ever). Any other result is returned as it is.
 */
export function requestScopedSearchResult(result: ToolResult, agent: McpServableAgent): ToolResult {
  if (result.toolName !== TOOL_SEARCH_TOOL || !result.ok || !isToolSearchReport(result.content)) return result;
  const found = new Set(result.content.tools.map((match) => match.name));
  const specs = toMcpTools(agent.tools().filter((tool) => found.has(tool.name)));
  const byName = new Map(specs.map((spec) => [spec.name, spec]));
  const tools = result.content.tools.map((match) => byName.get(match.name) ?? match);
  const note = tools.length === 0 ? result.content.note : REQUEST_SCOPED_SEARCH_NOTE;
  return { ...result, content: { tools, note } };
}
