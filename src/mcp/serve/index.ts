// The door of serve/: serving an agent over MCP (both protocol revisions, stdio and Streamable HTTP). Nothing outside
// this folder imports past this file (scripts/check-architecture.mjs enforces it).

export { serveMcp } from "./serve-mcp.js";
export { mcpFetchHandler } from "./mcp-fetch-handler.js";
export type { McpFetchHandler, McpFetchOptions } from "./mcp-fetch-handler.js";
export type { McpEndpointOptions } from "./mcp-endpoint-options.js";
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
export type { McpReservedImport } from "./served-imports.js";
export type { McpProgressUpdate } from "./mcp-progress.js";
export type { McpTaskInfo, McpTasks } from "./mcp-tasks.js";
export { toMcpCallToolResult } from "./call-tool-result.js";
export type { McpCallToolResult } from "./call-tool-result.js";
