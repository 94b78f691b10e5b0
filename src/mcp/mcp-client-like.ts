/**
 * The MCP types `importMcpTools` relies on, written structurally so that toolwright's public types never require the
 * optional `@modelcontextprotocol/sdk` package: the SDK's `Client` and transports satisfy them as they are.
 */

/** A tool as an MCP server lists it in `tools/list`. */
export interface McpRemoteTool {
  readonly name: string;
  readonly title?: string | undefined;
  readonly description?: string | undefined;
  readonly inputSchema: { readonly type: "object"; readonly [keyword: string]: unknown };
  readonly annotations?:
    | {
        readonly title?: string | undefined;
        readonly readOnlyHint?: boolean | undefined;
        readonly destructiveHint?: boolean | undefined;
        readonly idempotentHint?: boolean | undefined;
        readonly openWorldHint?: boolean | undefined;
      }
    | undefined;
}

/** A `tools/call` result as an MCP server sends it. */
export interface McpRemoteCallResult {
  readonly content?: unknown;
  readonly structuredContent?: unknown;
  readonly isError?: unknown;
  readonly [key: string]: unknown;
}

/** Per-request options of the SDK's `Client` methods. */
export interface McpRequestOptions {
  readonly signal?: AbortSignal | undefined;
  readonly timeout?: number | undefined;
}

/** A connected MCP client, such as the SDK's `Client`. */
export interface McpClientLike {
  listTools(
    params?: { cursor?: string | undefined },
    options?: McpRequestOptions,
  ): Promise<{ readonly tools: readonly McpRemoteTool[]; readonly nextCursor?: string | undefined }>;
  callTool(
    params: { name: string; arguments?: Record<string, unknown> | undefined },
    resultSchema?: undefined,
    options?: McpRequestOptions,
  ): Promise<McpRemoteCallResult>;
  getServerVersion?(): { readonly name: string; readonly version: string } | undefined;
  close(): Promise<void>;
}

/** An MCP client transport not yet connected, such as the SDK's `StdioClientTransport` or `StreamableHTTPClientTransport`. */
export interface McpTransportLike {
  start(): Promise<void>;
  send(message: never, options?: never): Promise<void>;
  close(): Promise<void>;
}

/** Returns true when `source` is a client (it has `listTools` and `callTool`) rather than a transport. */
export function isMcpClient(source: McpClientLike | McpTransportLike): source is McpClientLike {
  const candidate = source as Partial<McpClientLike>;
  return typeof candidate.listTools === "function" && typeof candidate.callTool === "function";
}
