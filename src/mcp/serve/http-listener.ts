import { randomUUID } from "node:crypto";
import { type IncomingMessage, type ServerResponse, createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { McpEra, McpSdkServer } from "./create-mcp-server.js";
import type { ServerSdk } from "../load-sdk.js";
import { isLocalRequest } from "./local-origin.js";
import { readJson, reply } from "./http-json.js";
import { InFlightLimit, RETRY_AFTER_SECONDS, messageCount, replyBusy } from "./in-flight-limit.js";
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
   * Stateless only: the most JSON-RPC messages answered at once (a batch counts each of its messages); a request
   * beyond it is answered 503 with `Retry-After`.
   */
  readonly maxInFlight: number;
}

/** A running Streamable HTTP endpoint. */
export interface HttpListener {
  readonly port: number;
  readonly url: string;
  close(): Promise<void>;
}

type HttpTransport = InstanceType<ServerSdk["WebStandardStreamableHTTPServerTransport"]>;

interface Session {
  readonly transport: HttpTransport;
  readonly server: McpSdkServer;
  /** POST and DELETE requests of the session still being answered. */
  active: number;
  idleTimer: NodeJS.Timeout | undefined;
}

// setTimeout fires at once for a delay above this (about 24.8 days), so longer idle timeouts are clamped to it.
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * Serves MCP over Streamable HTTP: one session (a transport and its own MCP server) per `initialize`, found again by
 * the `mcp-session-id` header. A session with no request in progress for `sessionIdleTimeoutMs` is closed, and at most
 * `maxSessions` are open at once (a further `initialize` closes the least recently used idle session, or gets 503
 * when all are busy). Requests from a non-local `Host` or `Origin` are
 * refused while bound to a loopback address (DNS-rebinding protection, as the MCP transport specification asks).
 * @throws {RangeError} for a `sessionIdleTimeoutMs` or `maxSessions` that is not a positive number.
 */
export async function listenHttp(options: HttpListenOptions): Promise<HttpListener> {
  const { sessionIdleTimeoutMs: idleMs, maxSessions } = options;
  if (!(idleMs > 0)) {
    throw new RangeError(`serveMcp: sessionIdleTimeoutMs must be a positive number of milliseconds; got ${idleMs}.`);
  }
  for (const [name, value] of [
    ["maxSessions", maxSessions],
    ["maxInFlight", options.maxInFlight],
  ] as const) {
    if (!(value >= 1) || (Number.isFinite(value) && !Number.isInteger(value))) {
      throw new RangeError(`serveMcp: ${name} must be a positive integer (or Infinity); got ${value}.`);
    }
  }
  const inFlight = new InFlightLimit(options.maxInFlight);
  const { sdk } = options;
  const Transport = sdk.WebStandardStreamableHTTPServerTransport;
  // 2026-07-28 requests carry everything in each request (`_meta`), so the SDK's entry answers them with a fresh
  // server each; 2025-11-25 traffic is routed around it (sessions, or the stateless form below).
  const modern = sdk.createMcpHandler(({ era }) => options.createServer(era, false), { legacy: "reject" });
  const sessions = new Map<string, Session>();
  // Sessions whose initialize is being answered: not in `sessions` yet, but counted against maxSessions.
  const starting = new Set<Session>();

  function forget(session: Session): void {
    clearTimeout(session.idleTimer);
    session.idleTimer = undefined;
    const id = session.transport.sessionId;
    if (id !== undefined && sessions.get(id) === session) sessions.delete(id);
  }

  function expire(session: Session): void {
    forget(session);
    // Closing the server closes its transport: the client's next request gets 404 and starts a new session.
    session.server.close().catch(() => undefined);
  }

  // Makes room for a new session by closing the least recently used one with no request in progress: otherwise one
  // local process could open maxSessions sessions and lock every other client out until they expire.
  function evictIdle(): boolean {
    for (const session of sessions.values()) {
      if (session.active > 0) continue;
      expire(session);
      return true;
    }
    return false;
  }

  // Starts counting a session's idle time, unless a request of it is still being answered or it has ended.
  function arm(session: Session): void {
    const id = session.transport.sessionId;
    if (session.active > 0 || session.idleTimer !== undefined || !Number.isFinite(idleMs)) return;
    if (id === undefined || sessions.get(id) !== session) return;
    session.idleTimer = setTimeout(() => expire(session), Math.min(idleMs, MAX_TIMER_MS)).unref();
  }

  // Restarts a session's idle time. A POST or DELETE also holds the session open until its response ends, so a long
  // call is never cut off; a GET does not: its SSE stream may stay open for good, even from a client long gone.
  function touch(session: Session, req: IncomingMessage, res: ServerResponse): void {
    clearTimeout(session.idleTimer);
    session.idleTimer = undefined;
    // Re-inserting keeps `sessions` in least-recently-used order, oldest first, for evictIdle.
    const id = session.transport.sessionId;
    if (id !== undefined && sessions.get(id) === session) {
      sessions.delete(id);
      sessions.set(id, session);
    }
    if (req.method === "GET") return arm(session);
    session.active += 1;
    res.once("close", () => {
      session.active -= 1;
      arm(session);
    });
  }

  async function startSession(req: IncomingMessage, res: ServerResponse, request: Request, body: unknown) {
    if (!sdk.isInitializeRequest(body)) {
      return reply(res, 400, "Bad Request: no valid mcp-session-id header; start with an initialize request.");
    }
    if (sessions.size + starting.size >= maxSessions && !evictIdle()) {
      res.setHeader("retry-after", String(RETRY_AFTER_SECONDS));
      return reply(
        res,
        503,
        `Service Unavailable: too many sessions (at most ${maxSessions} are open at once); ` +
          "close an unused session (HTTP DELETE with its mcp-session-id) or try again later.",
      );
    }
    const server = options.createServer("legacy", true);
    const transport: HttpTransport = new Transport({
      sessionIdGenerator: randomUUID,
      onsessioninitialized: (id) => {
        starting.delete(session);
        sessions.set(id, session);
      },
    });
    const session: Session = { transport, server, active: 0, idleTimer: undefined };
    transport.onclose = () => forget(session);
    starting.add(session);
    try {
      touch(session, req, res);
      await server.connect(transport);
      await sendWebResponse(res, await transport.handleRequest(request, { parsedBody: body }));
    } catch (error) {
      await server.close().catch(() => undefined);
      throw error;
    } finally {
      starting.delete(session);
    }
    // An initialize the transport refused (a bad protocol version, say) started no session: nothing keeps it.
    if (transport.sessionId === undefined) await server.close().catch(() => undefined);
    // The response may have closed before the session was stored (a client that hung up at once).
    else arm(session);
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? "/", "http://localhost");
    if (url.pathname !== options.path) return reply(res, 404, `Not Found: the MCP endpoint is ${options.path}`);
    if (!isLocalRequest(req.headers, options.host)) return reply(res, 403, "Forbidden: non-local Host or Origin");
    // Stateless: one message's share is taken before the body is read, so a burst cannot hold bodies beyond the limit.
    if (options.stateless && !inFlight.admit(res, 1)) return replyBusy(res, inFlight);
    const sessionId = req.headers["mcp-session-id"];
    const session = typeof sessionId === "string" && !options.stateless ? sessions.get(sessionId) : undefined;
    if (session) touch(session, req, res);
    const read = req.method === "POST" ? await readJson(req) : { body: undefined, text: undefined };
    if ("status" in read) return reply(res, read.status, read.message, -32700);
    const { body } = read;
    const request = toWebRequest(req, res, read.text);
    const legacy = req.method !== "POST" || (await sdk.isLegacyRequest(request, body));
    if (!legacy || options.stateless) {
      // A request answered on its own (every 2026-07-28 request; any request when stateless) counts against maxInFlight.
      if (!options.stateless && !inFlight.admit(res, 1)) return replyBusy(res, inFlight);
      const more = messageCount(body) - 1;
      if (more + 1 > inFlight.max) {
        const message = `Invalid Request: a batch of ${more + 1} messages is more than this server answers at once (${inFlight.max}); send fewer at a time.`;
        return reply(res, 400, message, -32600);
      }
      if (more > 0 && !inFlight.admit(res, more)) return replyBusy(res, inFlight);
      if (!legacy) return sendWebResponse(res, await modern.fetch(request, { parsedBody: body }));
      return answerStateless(request, res, body, () => options.createServer("legacy", false), sdk, reply);
    }
    if (typeof sessionId === "string" && !session) return reply(res, 404, "Session not found", -32001);
    if (session) return sendWebResponse(res, await session.transport.handleRequest(request, { parsedBody: body }));
    if (req.method === "POST") return startSession(req, res, request, body);
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
      for (const session of open) clearTimeout(session.idleTimer);
      sessions.clear();
      await Promise.allSettled([...open.map(({ server }) => server.close()), modern.close()]);
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}
