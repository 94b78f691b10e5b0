// The "toolwright/mcp" entry: serve agents over MCP and import MCP servers' tools. Its peers,
// @modelcontextprotocol/server (serveMcp) and @modelcontextprotocol/sdk (importMcpTools given a transport), are
// loaded only when one of these runs.

export { serveMcp } from "./serve-mcp.js";
export type {
  HttpMcpServerHandle,
  HttpServeOptions,
  McpServerHandle,
  ServeMcpOptions,
  StdioServeOptions,
} from "./serve-mcp.js";
export type { McpApprovalMode } from "./settle-approval.js";
export type { McpApprovals, McpServableAgent } from "./servable-agent.js";
export type { McpServerOptions } from "./mcp-server-options.js";
export type { McpProgressUpdate } from "./mcp-progress.js";
export type { McpTaskInfo, McpTasks } from "./mcp-tasks.js";
export { toMcpCallToolResult } from "./call-tool-result.js";
export type { McpCallToolResult } from "./call-tool-result.js";
export { importMcpTools } from "./import-mcp-tools.js";
export type { ImportMcpToolsOptions, ImportedMcpTools } from "./import-mcp-tools.js";
export type { McpToolFilter, McpToolRename } from "./remote-selection.js";
export type {
  McpClientLike,
  McpProgress,
  McpRemoteCallResult,
  McpRemoteTool,
  McpRequestOptions,
  McpTransportLike,
} from "./mcp-client-like.js";
