import { toMcpTools } from "../providers/mcp/export.js";
import { createLoadedTools } from "../providers/tool-search/loaded-tools.js";
import { toMcpCallToolResult } from "./call-tool-result.js";
import type { ServerSdk } from "./load-sdk.js";
import type { McpServerOptions } from "./mcp-server-options.js";
import type { McpServableAgent } from "./servable-agent.js";
import { settleApproval } from "./settle-approval.js";
import { requestScopedSearchResult } from "./deferred-listing.js";

// A fresh object per request: the SDK's schema type is mutable, and the client must never share our copy.
const approvalSchema = () => ({
  type: "object" as const,
  properties: { approve: { type: "boolean" as const, title: "Approve", description: "Allow this tool call to run" } },
  required: ["approve"],
});

/**
 * Creates a low-level MCP `Server` for one agent: `tools/list` answers the MCP form of the tools the agent may use
 * (listed afresh on every request), and `tools/call` goes through `agent.callTool`, so validation, access control,
 * approval, timeouts and hooks all apply. Every failure becomes an `isError` result, never a protocol error.
 * Deferred tools stay out of `tools/list` until the session's `tool_search` finds them; each server (one per
 * session) keeps its own loaded tools and sends `notifications/tools/list_changed` when a search loads new ones.
 * A server that answers one request (`scope.sessionful: false`, stateless HTTP) can send no such notification, so
 * it advertises none, and its `tool_search` answers the found tools' specs to call directly instead.
 */
export function createMcpServer(
  sdk: ServerSdk,
  agent: McpServableAgent,
  options: McpServerOptions = {},
  scope: { readonly sessionful: boolean } = { sessionful: true },
) {
  const loaded = createLoadedTools();
  const deferring = agent.toolsForTurn !== undefined && agent.tools().some((tool) => tool.deferred);
  const server = new sdk.Server(
    { name: options.name ?? agent.name, version: options.version ?? "0.0.0" },
    {
      capabilities: { tools: { listChanged: deferring && scope.sessionful } },
      ...(options.instructions === undefined ? {} : { instructions: options.instructions }),
    },
  );
  const listed = () => (deferring ? agent.toolsForTurn!(loaded) : agent.tools());
  server.setRequestHandler(sdk.ListToolsRequestSchema, () => ({ tools: toMcpTools(listed()) }));
  server.setRequestHandler(sdk.CallToolRequestSchema, async (request, extra) => {
    const { name, arguments: args } = request.params;
    const before = loaded.names.length;
    const callOptions = deferring ? { signal: extra.signal, loadedTools: loaded } : { signal: extra.signal };
    const called = await agent.callTool(name, args ?? {}, callOptions);
    const result = scope.sessionful ? called : requestScopedSearchResult(called, agent);
    if (loaded.names.length > before && scope.sessionful) await server.sendToolListChanged();
    if (result.outcome !== "awaiting_approval") return toMcpCallToolResult(result);
    const canAsk = options.approval !== "refuse" && server.getClientCapabilities()?.elicitation?.form !== undefined;
    const ask = async (message: string) => {
      const answer = await server.elicitInput(
        { mode: "form", message, requestedSchema: approvalSchema() },
        { signal: extra.signal },
      );
      return answer.action === "accept" && answer.content?.approve === true;
    };
    const settled = await settleApproval({
      result,
      approvals: agent.approvals,
      ask: canAsk ? ask : undefined,
      signal: extra.signal,
    });
    return toMcpCallToolResult(settled);
  });
  return server;
}

/** An MCP server created by {@link createMcpServer}. */
export type McpSdkServer = ReturnType<typeof createMcpServer>;
