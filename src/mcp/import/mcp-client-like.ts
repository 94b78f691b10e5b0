/**
 * The MCP types `importMcpTools` relies on, written structurally so that toolwright's public types never require an
 * optional MCP package: the `Client` and transports of SDK v1 (`@modelcontextprotocol/sdk`) and of SDK v2
 * (`@modelcontextprotocol/client`) satisfy them as they are.
 */

/** A tool as an MCP server lists it in `tools/list`. */
export interface McpRemoteTool {
  readonly name: string;
  readonly title?: string | undefined;
  readonly description?: string | undefined;
  readonly inputSchema: { readonly type: "object"; readonly [keyword: string]: unknown };
  /** The JSON Schema of the tool's `structuredContent`, when the server declares one. */
  readonly outputSchema?: { readonly [keyword: string]: unknown } | undefined;
  /** Metadata; MCP Apps puts a tool's view under `ui` (`{ resourceUri, visibility? }`). */
  readonly _meta?: { readonly [key: string]: unknown } | undefined;
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

/** A `notifications/progress` update as the SDK's `onprogress` callback receives it. */
export interface McpProgress {
  readonly progress: number;
  readonly total?: number | undefined;
  readonly message?: string | undefined;
}

/** Per-request options of the SDK's `Client` methods (the same names in SDK v1 and v2). */
export interface McpRequestOptions {
  readonly signal?: AbortSignal | undefined;
  readonly timeout?: number | undefined;
  /** Asks the server for progress (the SDK adds a `progressToken`) and receives each update. */
  readonly onprogress?: ((progress: McpProgress) => void) | undefined;
  /** Restarts `timeout` on each progress update. */
  readonly resetTimeoutOnProgress?: boolean | undefined;
}

/**
 * A connected MCP client, such as the `Client` of SDK v1 or v2. Their `callTool` differ (v1 takes a result schema
 * second and the options third, v2 the options second): toolwright tells them apart by v2's `getProtocolEra`.
 */
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
  /** The capabilities the server declared (`resources`, `prompts`, ...), which say what else it serves. */
  getServerCapabilities?(): McpServerCapabilitiesLike | undefined;
  /** `resources/list`, one page. */
  listResources?(params?: McpPageParams, options?: McpRequestOptions): Promise<McpPage>;
  /** `resources/templates/list`, one page. */
  listResourceTemplates?(params?: McpPageParams, options?: McpRequestOptions): Promise<McpPage>;
  /** `resources/read`. */
  readResource?(params: { uri: string }, options?: McpRequestOptions): Promise<McpPage>;
  /** `prompts/list`, one page. */
  listPrompts?(params?: McpPageParams, options?: McpRequestOptions): Promise<McpPage>;
  /** `prompts/get`. */
  getPrompt?(
    params: { name: string; arguments?: Record<string, string> | undefined },
    options?: McpRequestOptions,
  ): Promise<McpPage>;
  /** `completion/complete`. */
  complete?(params: McpCompleteParams, options?: McpRequestOptions): Promise<McpPage>;
  /** Receives the notifications no other handler takes (both SDKs' `Protocol` have it). */
  fallbackNotificationHandler?: ((notification: { method: string }) => Promise<void>) | undefined;
  /** SDK v2 only: the negotiated protocol era; its presence marks v2's `callTool(params, options)` form. */
  getProtocolEra?(): unknown;
  close(): Promise<void>;
}

/** The part of a server's declared capabilities import looks at. */
export interface McpServerCapabilitiesLike {
  readonly resources?: { readonly listChanged?: boolean | undefined; readonly [key: string]: unknown } | undefined;
  readonly prompts?: { readonly listChanged?: boolean | undefined; readonly [key: string]: unknown } | undefined;
  readonly [key: string]: unknown;
}

/** What `completion/complete` asks: the prompt or template, the argument typed so far, the arguments already given. */
export interface McpCompleteParams {
  ref: { type: "ref/prompt"; name: string } | { type: "ref/resource"; uri: string };
  argument: { name: string; value: string };
  context?: { arguments?: Record<string, string> | undefined } | undefined;
}

/** The paging parameter of MCP list requests. */
export interface McpPageParams {
  cursor?: string | undefined;
}

/** An MCP answer as the SDK returns it: its fields (a list and `nextCursor`, `contents`, `messages`) as sent. */
export interface McpPage {
  readonly nextCursor?: string | undefined;
  readonly [key: string]: unknown;
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
