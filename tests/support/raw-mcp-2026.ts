// A raw 2026-07-28 request over Streamable HTTP, for what the official clients have no call for (tasks/get,
// tasks/cancel, a replayed requestState, a request from another replica or another token): one JSON-RPC POST with the
// revision's headers (the method, and the tool name or task id mirrored in Mcp-Name) and its `_meta` envelope.

/** The Tasks extension's id, under `capabilities.extensions`. */
export const TASKS_EXTENSION = "io.modelcontextprotocol/tasks";

/** The client capabilities of a client that opted in to the Tasks extension (the default of {@link rpc}). */
export const TASKS_OPT_IN = { extensions: { [TASKS_EXTENSION]: {} } } as const;

/** A JSON-RPC answer (its result, or its error) and the HTTP status it came with. */
export type Rpc = {
  status: number;
  result?: Record<string, unknown>;
  error?: { code: number; message: string; data?: unknown };
};

/** Who sends a raw request. */
export interface RawClient {
  /** The capabilities declared in the request's `_meta`: {@link TASKS_OPT_IN} by default, `{}` for none. */
  readonly capabilities?: object;
  /** A bearer token, sent as `Authorization` to an endpoint with `auth`. */
  readonly token?: string;
}

/**
 * Sends one 2026-07-28 request `method` with `params` to the endpoint at `url` and returns its JSON-RPC answer, read
 * from a JSON body or from the data line of a server-sent event (a call that reports progress answers as a stream).
 */
export async function rpc(
  url: string,
  method: string,
  params: Record<string, unknown>,
  client: RawClient = {},
): Promise<Rpc> {
  // The 2026 transport mirrors the tool name (tools/call) or task id (tasks/*) in Mcp-Name.
  const name = params.name ?? params.taskId;
  const res = await fetch(url, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      "mcp-protocol-version": "2026-07-28",
      "mcp-method": method,
      ...(typeof name === "string" ? { "mcp-name": name } : {}),
      ...(client.token === undefined ? {} : { authorization: `Bearer ${client.token}` }),
    },
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method,
      params: {
        ...params,
        _meta: {
          "io.modelcontextprotocol/protocolVersion": "2026-07-28",
          "io.modelcontextprotocol/clientInfo": { name: "raw", version: "1" },
          "io.modelcontextprotocol/clientCapabilities": client.capabilities ?? TASKS_OPT_IN,
        },
      },
    }),
  });
  const body = await res.text();
  const json = body.startsWith("{")
    ? body
    : body
        .split("\n")
        .find((line) => line.startsWith("data: {"))!
        .slice(6);
  return { status: res.status, ...(JSON.parse(json) as Omit<Rpc, "status">) };
}
