import type { IncomingMessage, ServerResponse, createServer } from "node:http";
import type { AddressInfo } from "node:net";
import loadBuiltin from "../../runtime/load-builtin.cjs";
import { isLocalRequest } from "./local-origin.js";
import { jsonRpcError } from "./http-json.js";
import type { McpRoute } from "./mcp-route.js";
import { sendWebResponse, toWebRequest } from "./web-bridge.js";

/** Where the Streamable HTTP endpoint listens, and the route that answers it. */
export interface HttpListenOptions {
  readonly port: number;
  readonly host: string;
  /** The endpoint's path, as the handle's `url` names it (the route itself refuses any other). */
  readonly path: string;
  /** The endpoint (mcp-route.ts): the same one `mcpFetchHandler` answers through. */
  readonly route: McpRoute;
}

/** A running Streamable HTTP endpoint. */
export interface HttpListener {
  readonly port: number;
  readonly url: string;
  close(): Promise<void>;
}

/**
 * Serves an MCP route on a Node HTTP server: each request becomes a web-standard `Request` (web-bridge.ts), the
 * route answers it, and the `Response` is streamed back. The one thing only the server can do is done here: a body
 * cut short (too large, too slow) leaves its rest on the socket, so that connection is closed once the answer is out.
 */
export async function listenHttp(options: HttpListenOptions): Promise<HttpListener> {
  const { route } = options;
  let createServer: CreateServer;
  try {
    createServer = nodeCreateServer();
  } catch (error) {
    await route.close();
    throw error;
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const { response, unread } = await route.answer(toWebRequest(req, res));
    if (unread) {
      res.setHeader("connection", "close");
      res.once("finish", () => res.socket?.destroy());
    }
    await sendWebResponse(res, response);
  }

  const http = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (res.headersSent) return void res.end();
      const message = `Internal error: ${error instanceof Error ? error.message : String(error)}`;
      void sendWebResponse(res, jsonRpcError(500, message));
    });
  });
  const port = await listen(http, options.port, options.host).catch(async (error: unknown) => {
    await route.close();
    throw error;
  });
  const hostInUrl = options.host.includes(":") ? `[${options.host}]` : options.host;
  return {
    port,
    url: `http://${hostInUrl}:${port}${options.path}`,
    async close() {
      await route.close();
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}

/**
 * Returns the request check of a server bound to `host`: while bound to a loopback address, requests whose `Host` or
 * `Origin` is not local are refused (DNS-rebinding protection, as the MCP transport specification asks).
 */
export function localRequestsOf(host: string): (request: Request) => boolean {
  return (request) =>
    isLocalRequest(
      { host: request.headers.get("host") ?? undefined, origin: request.headers.get("origin") ?? undefined },
      host,
    );
}

type CreateServer = typeof createServer;

// node:http on first use, never at import: `toolwright/mcp` loads on runtimes without it (its web build), where only
// this Node server is out of reach.
function nodeCreateServer(): CreateServer {
  const http = loadBuiltin("node:http") as { createServer?: CreateServer } | undefined;
  if (typeof http?.createServer === "function") return http.createServer;
  throw new Error(
    'serveMcp with transport "http" needs a Node HTTP server (node:http), which this runtime does not have: ' +
      'serve mcpFetchHandler(agent, options) from the runtime\'s own server instead (docs/mcp.md, "As a fetch handler").',
  );
}

// Binds the port; resolves with the port bound (the one asked for, or the free one picked for 0).
async function listen(http: ReturnType<CreateServer>, port: number, host: string): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    http.once("error", reject);
    http.listen(port, host, () => {
      http.off("error", reject);
      resolve();
    });
  });
  return (http.address() as AddressInfo).port;
}
