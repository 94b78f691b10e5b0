// The door of import/: the client side, turning an MCP server's tools into local tools. Nothing outside this folder
// imports past this file (scripts/check-architecture.mjs enforces it).

export { importMcpTools } from "./import-mcp-tools.js";
export type { ImportMcpToolsOptions, ImportedMcpTools } from "./import-mcp-tools.js";
export type { McpListKind, McpRemoteCatalogue, McpRemoteRequestError } from "./remote-catalogue.js";
export type { McpToolFilter, McpToolRename } from "./remote-selection.js";
export type { RemoteSchemaLimits } from "./remote-schema-limits.js";
export type {
  McpClientLike,
  McpCompleteParams,
  McpPage,
  McpPageParams,
  McpProgress,
  McpRemoteCallResult,
  McpRemoteTool,
  McpRequestOptions,
  McpServerCapabilitiesLike,
  McpTransportLike,
} from "./mcp-client-like.js";
