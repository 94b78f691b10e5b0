import type { McpClientLike, McpCompleteParams, McpPage, McpPageParams } from "./mcp-client-like.js";

/** A list an imported server's catalogue can change: its resources or its prompts. */
export type McpListKind = "resources" | "prompts";

/**
 * The resources and prompts of an imported MCP server, read live through its connection: every call is one request
 * to the server, answered as the server sent it (names, URIs, mime types, annotations, `_meta`, blobs, embedded
 * resources, cursors), so nothing goes stale and nothing is rewritten. A request the server refuses rejects with an
 * Error that names the server and carries its message, with the server's JSON-RPC `code` (and `data`) on it.
 */
export interface McpRemoteCatalogue {
  /** The server's name (`serverInfo.name`), for messages. */
  readonly server: string;
  /** What the server declared it serves: `resources` and `prompts` (each with `listChanged`), as it said. */
  readonly serves: {
    readonly resources?: { readonly listChanged: boolean };
    readonly prompts?: { readonly listChanged: boolean };
    /** The server answers `completion/complete` for its prompts' arguments and its templates' variables. */
    readonly completions?: true;
  };
  /** `resources/list`: one page (`{ resources, nextCursor? }`); pass the last page's `nextCursor` for the next. */
  listResources(params?: McpPageParams): Promise<McpPage>;
  /** `resources/templates/list`: one page (`{ resourceTemplates, nextCursor? }`). */
  listResourceTemplates(params?: McpPageParams): Promise<McpPage>;
  /** `resources/read`: `{ contents }`, each text or a base64 `blob`, with its `mimeType` and `_meta`. */
  readResource(uri: string, options?: { readonly signal?: AbortSignal }): Promise<McpPage>;
  /** `prompts/list`: one page (`{ prompts, nextCursor? }`). */
  listPrompts(params?: McpPageParams): Promise<McpPage>;
  /** `prompts/get`: `{ description?, messages }`, the server checking the arguments. */
  getPrompt(
    name: string,
    args?: Readonly<Record<string, string>>,
    options?: { readonly signal?: AbortSignal },
  ): Promise<McpPage>;
  /** `completion/complete`: `{ completion: { values, total?, hasMore? } }`, as the server offers them. */
  complete(params: McpCompleteParams, options?: { readonly signal?: AbortSignal }): Promise<McpPage>;
  /**
   * Calls `listener` each time the server sends `notifications/resources/list_changed` (or `prompts/...`); returns
   * the function that stops it.
   */
  onListChanged(kind: McpListKind, listener: () => void): () => void;
}

/** An error the server answered a catalogue request with: its message, and its JSON-RPC `code` and `data`. */
export class McpRemoteRequestError extends Error {
  override readonly name = "McpRemoteRequestError";
  /** The JSON-RPC error code the server sent (-32602 for an unknown URI or prompt), or undefined when none came. */
  readonly code: number | undefined;
  readonly data: unknown;
  constructor(message: string, code: number | undefined, data: unknown, cause: unknown) {
    super(message, { cause });
    this.code = code;
    this.data = data;
  }
}

/** The notification each list's change arrives as. */
const CHANGED: Readonly<Record<string, McpListKind>> = {
  "notifications/resources/list_changed": "resources",
  "notifications/prompts/list_changed": "prompts",
};

/**
 * Creates the catalogue of a connected client's server. The change notifications are taken through the client's
 * `fallbackNotificationHandler` (a handler already there still gets every notification), so a client of either SDK
 * major works as it is.
 */
export function createRemoteCatalogue(client: McpClientLike, server: string, timeout: number): McpRemoteCatalogue {
  const declared = client.getServerCapabilities?.() ?? {};
  const serves = {
    ...(declared.resources ? { resources: { listChanged: declared.resources.listChanged === true } } : {}),
    ...(declared.prompts ? { prompts: { listChanged: declared.prompts.listChanged === true } } : {}),
    ...(declared.completions ? { completions: true as const } : {}),
  };
  const listeners: Record<McpListKind, Set<() => void>> = { resources: new Set(), prompts: new Set() };
  if (serves.resources?.listChanged || serves.prompts?.listChanged) {
    const before = client.fallbackNotificationHandler;
    client.fallbackNotificationHandler = async (notification) => {
      const kind = CHANGED[notification.method];
      if (kind !== undefined) for (const listener of listeners[kind]) listener();
      await before?.(notification);
    };
  }
  const ask = async <T>(method: string, send: (() => Promise<T>) | undefined): Promise<T> => {
    if (send === undefined) throw new Error(`This MCP client has no method for ${method}.`);
    try {
      return await send();
    } catch (error) {
      const { code, data } = error as { code?: unknown; data?: unknown };
      const reason = error instanceof Error ? error.message : String(error);
      throw new McpRemoteRequestError(
        `MCP server "${server}" answered ${method} with an error: ${reason}`,
        typeof code === "number" ? code : undefined,
        data,
        error,
      );
    }
  };
  const page = (params: McpPageParams | undefined) => (params?.cursor === undefined ? undefined : params);
  return {
    server,
    serves,
    listResources: (params) =>
      ask("resources/list", client.listResources && (() => client.listResources!(page(params), { timeout }))),
    listResourceTemplates: (params) =>
      ask(
        "resources/templates/list",
        client.listResourceTemplates && (() => client.listResourceTemplates!(page(params), { timeout })),
      ),
    readResource: (uri, options) =>
      ask(
        "resources/read",
        client.readResource && (() => client.readResource!({ uri }, { timeout, signal: options?.signal })),
      ),
    listPrompts: (params) =>
      ask("prompts/list", client.listPrompts && (() => client.listPrompts!(page(params), { timeout }))),
    getPrompt: (name, args, options) =>
      ask(
        "prompts/get",
        client.getPrompt &&
          (() =>
            client.getPrompt!(
              { name, ...(args === undefined ? {} : { arguments: { ...args } }) },
              { timeout, signal: options?.signal },
            )),
      ),
    complete: (params, options) =>
      ask(
        "completion/complete",
        client.complete && (() => client.complete!(params, { timeout, signal: options?.signal })),
      ),
    onListChanged(kind, listener) {
      listeners[kind].add(listener);
      return () => listeners[kind].delete(listener);
    },
  };
}
