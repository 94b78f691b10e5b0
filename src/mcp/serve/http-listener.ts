import { type IncomingMessage, type ServerResponse, createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { McpEra, McpSdkServer } from "./create-mcp-server.js";
import type { ServerSdk } from "../load-sdk.js";
import { isLocalRequest } from "./local-origin.js";
import { readJson, reply, replyUnread } from "./http-json.js";
import { HttpSessions } from "./http-sessions.js";
import { InFlightLimit, messageCount, replyBusy } from "./in-flight-limit.js";
import { answerStateless } from "./stateless-request.js";
import { sendWebResponse, toWebRequest } from "./web-bridge.js";

/** Where the Streamable HTTP endpoint listens. */
export interface HttpListenOptions {
  readonly port: number;
  readonly host: string;
  readonly path: string;
  readonly sdk: ServerSdk;
  /**
   * Creates an MCP server: one per 2025-11-25 session (`sessionful`), or one per request (a 2026-07-28 request, or
   * any request when stateless).
   */
  readonly createServer: (era: McpEra, sessionful: boolean) => McpSdkServer;
  /** Closes a session that has had no request in progress for this long, in milliseconds; `Infinity` never does. */
  readonly sessionIdleTimeoutMs: number;
  /**
   * The most sessions open at once; an `initialize` beyond it closes the least recently used session with no request
   * in progress, and is answered 503 only when every session is busy.
   */
  readonly maxSessions: number;
  /** Serves every POST on its own, with no session (see `answerStateless`). */
  readonly stateless?: boolean;
  /**
   * The most JSON-RPC messages answered on their own at once, counted once a request's body is complete (a batch
   * counts each of its messages); a request beyond it is answered 503 with `Retry-After`.
   */
  readonly maxInFlight: number;
  /** How long a request's body may take to arrive, in milliseconds; a slower one is answered 408 and its socket closed. */
  readonly bodyTimeoutMs: number;
}

/** A running Streamable HTTP endpoint. */
export interface HttpListener {
  readonly port: number;
  readonly url: string;
  close(): Promise<void>;
}

/**
 * Serves MCP over Streamable HTTP: 2026-07-28 requests (and every request when stateless) each on their own, within
 * `maxInFlight`; 2025-11-25 traffic in sessions (http-sessions.ts). A request counts as in flight only once its body
 * is complete, and a body that does not arrive within `bodyTimeoutMs` is answered 408, so slow clients hold no share.
 * Requests from a non-local `Host` or `Origin` are refused while bound to a loopback address (DNS-rebinding
 * protection, as the MCP transport specification asks).
 * @throws {RangeError} for a `sessionIdleTimeoutMs`, `bodyTimeoutMs`, `maxSessions` or `maxInFlight` that is not a
 *   positive number.
 */
export async function listenHttp(options: HttpListenOptions): Promise<HttpListener> {
  checkLimits(options);
  const { sdk, stateless = false } = options;
  const inFlight = new InFlightLimit(options.maxInFlight);
  // 2026-07-28 requests carry everything in each request (`_meta`), so the SDK's entry answers them with a fresh
  // server each; 2025-11-25 traffic is routed around it (sessions, or the stateless form).
  const modern = sdk.createMcpHandler(({ era }) => options.createServer(era, false), { legacy: "reject" });
  const createSessionServer = () => options.createServer("legacy", true);
  const sessions = new HttpSessions(sdk, createSessionServer, options.sessionIdleTimeoutMs, options.maxSessions);

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? "/", "http://localhost");
    if (url.pathname !== options.path) return reply(res, 404, `Not Found: the MCP endpoint is ${options.path}`);
    if (!isLocalRequest(req.headers, options.host)) return reply(res, 403, "Forbidden: non-local Host or Origin");
    const read = req.method === "POST" ? await readJson(req, options.bodyTimeoutMs) : { body: undefined };
    if ("status" in read) return replyUnread(res, read);
    const { body } = read;
    const request = toWebRequest(req, res, "text" in read ? read.text : undefined);
    const legacy = req.method !== "POST" || (await sdk.isLegacyRequest(request, body));
    if (!legacy || stateless) return answerAlone(res, request, body, legacy);
    const sessionId = req.headers["mcp-session-id"];
    if (typeof sessionId !== "string") {
      if (req.method === "POST") return sessions.start(req, res, request, body);
      return reply(res, 400, "Bad Request: no valid mcp-session-id header");
    }
    const session = sessions.get(sessionId);
    if (!session) return reply(res, 404, "Session not found", -32001);
    sessions.touch(session, req, res);
    return sendWebResponse(res, await session.transport.handleRequest(request, { parsedBody: body }));
  }

  // A request answered on its own (every 2026-07-28 request; any request when stateless) takes one share of
  // maxInFlight per message until its response closes.
  async function answerAlone(res: ServerResponse, request: Request, body: unknown, legacy: boolean) {
    const count = messageCount(body);
    if (count > inFlight.max) {
      const message = `Invalid Request: a batch of ${count} messages is more than this server answers at once (${inFlight.max}); send fewer at a time.`;
      return reply(res, 400, message, -32600);
    }
    if (!inFlight.admit(res, count)) return replyBusy(res, inFlight);
    if (!legacy) return sendWebResponse(res, await modern.fetch(request, { parsedBody: body }));
    return answerStateless(request, res, body, () => options.createServer("legacy", false), sdk, reply);
  }

  const http = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent)
        reply(res, 500, `Internal error: ${error instanceof Error ? error.message : String(error)}`);
      else res.end();
    });
  });
  const port = await listen(http, options.port, options.host);
  const hostInUrl = options.host.includes(":") ? `[${options.host}]` : options.host;
  return {
    port,
    url: `http://${hostInUrl}:${port}${options.path}`,
    async close() {
      await Promise.allSettled([sessions.close(), modern.close()]);
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}

function checkLimits(options: HttpListenOptions): void {
  for (const [name, value] of [
    ["sessionIdleTimeoutMs", options.sessionIdleTimeoutMs],
    ["bodyTimeoutMs", options.bodyTimeoutMs],
  ] as const) {
    if (!(value > 0))
      throw new RangeError(`serveMcp: ${name} must be a positive number of milliseconds; got ${value}.`);
  }
  for (const [name, value] of [
    ["maxSessions", options.maxSessions],
    ["maxInFlight", options.maxInFlight],
  ] as const) {
    if (!(value >= 1) || (Number.isFinite(value) && !Number.isInteger(value))) {
      throw new RangeError(`serveMcp: ${name} must be a positive integer (or Infinity); got ${value}.`);
    }
  }
}

// Binds the port; resolves with the port bound (the one asked for, or the free one picked for 0).
async function listen(http: ReturnType<typeof createServer>, port: number, host: string): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    http.once("error", reject);
    http.listen(port, host, () => {
      http.off("error", reject);
      resolve();
    });
  });
  return (http.address() as AddressInfo).port;
}
