// The "toolwright/mcp" entry: serve agents over MCP (serve/) and import MCP servers' tools (import/), each entered
// through its door. Their peers, @modelcontextprotocol/server (serveMcp) and @modelcontextprotocol/sdk (importMcpTools
// given a transport), are loaded only when one of these runs.

export { serveMcp, toMcpCallToolResult } from "./serve/index.js";
export type {
  HttpMcpServerHandle,
  HttpServeOptions,
  McpApprovalMode,
  McpApprovals,
  McpCallToolResult,
  McpProgressUpdate,
  McpServableAgent,
  McpServerHandle,
  McpServerOptions,
  McpTaskInfo,
  McpTasks,
  ServeMcpOptions,
  StdioServeOptions,
} from "./serve/index.js";
export { importMcpTools } from "./import/index.js";
export type {
  ImportMcpToolsOptions,
  ImportedMcpTools,
  McpClientLike,
  McpProgress,
  McpRemoteCallResult,
  McpRemoteTool,
  McpRequestOptions,
  McpToolFilter,
  McpToolRename,
  McpTransportLike,
} from "./import/index.js";
