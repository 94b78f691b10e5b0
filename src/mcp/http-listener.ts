import { randomUUID } from "node:crypto";
import { type IncomingMessage, type ServerResponse, createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { McpSdkServer } from "./create-mcp-server.js";
import { loadHttpServerTransport } from "./load-sdk.js";
import { isLocalRequest } from "./local-origin.js";

/** Where the Streamable HTTP endpoint listens. */
export interface HttpListenOptions {
  readonly port: number;
  readonly host: string;
  readonly path: string;
  /** Creates one MCP server per session. */
  readonly createServer: () => McpSdkServer;
  readonly isInitializeRequest: (value: unknown) => boolean;
}

/** A running Streamable HTTP endpoint. */
export interface HttpListener {
  readonly port: number;
  readonly url: string;
  close(): Promise<void>;
}

type HttpTransport = InstanceType<Awaited<ReturnType<typeof loadHttpServerTransport>>>;

const MAX_BODY_BYTES = 4 * 1024 * 1024;

/**
 * Serves MCP over Streamable HTTP: one session (a transport and its own MCP server) per `initialize`, found again by
 * the `mcp-session-id` header. Requests from a non-local `Host` or `Origin` are refused while bound to a loopback
 * address (DNS-rebinding protection, as the MCP transport specification asks).
 */
export async function listenHttp(options: HttpListenOptions): Promise<HttpListener> {
  const Transport = await loadHttpServerTransport();
  const sessions = new Map<string, { transport: HttpTransport; server: McpSdkServer }>();

  async function startSession(req: IncomingMessage, res: ServerResponse, body: unknown): Promise<void> {
    if (!options.isInitializeRequest(body)) {
      return reply(res, 400, "Bad Request: no valid mcp-session-id header; start with an initialize request.");
    }
    const server = options.createServer();
    const transport: HttpTransport = new Transport({
      sessionIdGenerator: randomUUID,
      onsessioninitialized: (id) => void sessions.set(id, { transport, server }),
    });
    transport.onclose = () => {
      if (transport.sessionId !== undefined) sessions.delete(transport.sessionId);
    };
    await server.connect(transport);
    await transport.handleRequest(req, res, body);
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? "/", "http://localhost");
    if (url.pathname !== options.path) return reply(res, 404, `Not Found: the MCP endpoint is ${options.path}`);
    if (!isLocalRequest(req.headers, options.host)) return reply(res, 403, "Forbidden: non-local Host or Origin");
    const sessionId = req.headers["mcp-session-id"];
    const session = typeof sessionId === "string" ? sessions.get(sessionId) : undefined;
    if (typeof sessionId === "string" && !session) return reply(res, 404, "Session not found", -32001);
    const read = req.method === "POST" ? await readJson(req) : { body: undefined };
    if ("status" in read) return reply(res, read.status, read.message, -32700);
    const { body } = read;
    if (session) return session.transport.handleRequest(req, res, body);
    if (req.method === "POST") return startSession(req, res, body);
    return reply(res, 400, "Bad Request: no valid mcp-session-id header");
  }

  const http = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent)
        reply(res, 500, `Internal error: ${error instanceof Error ? error.message : String(error)}`);
      else res.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    http.once("error", reject);
    http.listen(options.port, options.host, () => {
      http.off("error", reject);
      resolve();
    });
  });
  const { port } = http.address() as AddressInfo;
  const hostInUrl = options.host.includes(":") ? `[${options.host}]` : options.host;
  return {
    port,
    url: `http://${hostInUrl}:${port}${options.path}`,
    async close() {
      const open = [...sessions.values()];
      sessions.clear();
      await Promise.allSettled(open.map(({ server }) => server.close()));
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}

function reply(res: ServerResponse, status: number, message: string, code = -32000): void {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify({ jsonrpc: "2.0", error: { code, message }, id: null }));
}

async function readJson(
  req: IncomingMessage,
): Promise<{ readonly body: unknown } | { readonly status: number; readonly message: string }> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) return { status: 413, message: `Payload Too Large: over ${MAX_BODY_BYTES} bytes` };
    chunks.push(chunk as Buffer);
  }
  try {
    return { body: JSON.parse(Buffer.concat(chunks).toString("utf8")) as unknown };
  } catch (error) {
    return { status: 400, message: `Parse error: ${error instanceof Error ? error.message : String(error)}` };
  }
}
