import type { AuthInfo } from "@modelcontextprotocol/server";
import type { ServerSdk } from "../load-sdk.js";
import type { McpSdkServer } from "./create-mcp-server.js";
import { jsonRpcError } from "./http-json.js";
import { RETRY_AFTER_SECONDS } from "./in-flight-limit.js";
import { onResponseEnd } from "./response-end.js";

type HttpTransport = InstanceType<ServerSdk["WebStandardStreamableHTTPServerTransport"]>;

/** One 2025-11-25 session: its transport, its own MCP server, and what keeps it open. */
export interface HttpSession {
  readonly transport: HttpTransport;
  readonly server: McpSdkServer;
  /** POST and DELETE requests of the session still being answered. */
  active: number;
  idleTimer: ReturnType<typeof setTimeout> | undefined;
}

// setTimeout fires at once for a delay above this (about 24.8 days), so longer idle timeouts are clamped to it.
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * The 2025-11-25 sessions of one endpoint: one per `initialize`, found again by the `mcp-session-id` header. A session
 * with no request in progress for `idleMs` is closed, and at most `maxSessions` are open at once (a further
 * `initialize` closes the least recently used idle session, or gets 503 when all are busy).
 */
export class HttpSessions {
  // In least-recently-used order, oldest first (touch re-inserts), for evictIdle.
  readonly #open = new Map<string, HttpSession>();
  // Sessions whose initialize is being answered: not in `#open` yet, but counted against maxSessions.
  readonly #starting = new Set<HttpSession>();

  readonly #sdk: ServerSdk;
  readonly #createServer: (authInfo?: AuthInfo) => McpSdkServer;
  readonly #idleMs: number;
  readonly #maxSessions: number;

  /** Keeps sessions of servers made by `createServer`, closing idle ones after `idleMs` (`Infinity`: never). */
  constructor(
    sdk: ServerSdk,
    createServer: (authInfo?: AuthInfo) => McpSdkServer,
    idleMs: number,
    maxSessions: number,
  ) {
    this.#sdk = sdk;
    this.#createServer = createServer;
    this.#idleMs = idleMs;
    this.#maxSessions = maxSessions;
  }

  /** The open session with this id, or undefined. */
  get(id: string): HttpSession | undefined {
    return this.#open.get(id);
  }

  /** Answers a request of an open session, holding the session (for a POST or DELETE) until the response ends. */
  async answer(session: HttpSession, request: Request, body: unknown, authInfo?: AuthInfo): Promise<Response> {
    const ended = this.#touch(session, request.method);
    try {
      return onResponseEnd(
        await session.transport.handleRequest(request, {
          parsedBody: body,
          ...(authInfo === undefined ? {} : { authInfo }),
        }),
        ended,
      );
    } catch (error) {
      ended();
      throw error;
    }
  }

  /** Answers an `initialize` without a session id by starting a session (or 400 for anything else, 503 when full). */
  async start(request: Request, body: unknown, authInfo?: AuthInfo): Promise<Response> {
    if (!this.#sdk.isInitializeRequest(body)) {
      return jsonRpcError(400, "Bad Request: no valid mcp-session-id header; start with an initialize request.");
    }
    if (this.#open.size + this.#starting.size >= this.#maxSessions && !this.#evictIdle()) {
      const message =
        `Service Unavailable: too many sessions (at most ${this.#maxSessions} are open at once); ` +
        "close an unused session (HTTP DELETE with its mcp-session-id) or try again later.";
      return jsonRpcError(503, message, -32000, { "retry-after": String(RETRY_AFTER_SECONDS) });
    }
    // The session's server is made for the token that opens it (its agent may be that token's: `auth.agentFor`).
    const server = this.#createServer(authInfo);
    const transport: HttpTransport = new this.#sdk.WebStandardStreamableHTTPServerTransport({
      // The Web Crypto global (Node 20+, Deno, Bun, workerd), so no node:crypto import is needed.
      sessionIdGenerator: () => crypto.randomUUID(),
      onsessioninitialized: (id) => {
        this.#starting.delete(session);
        this.#open.set(id, session);
      },
    });
    const session: HttpSession = { transport, server, active: 0, idleTimer: undefined };
    transport.onclose = () => this.#forget(session);
    this.#starting.add(session);
    const ended = this.#touch(session, request.method);
    let response: Response;
    try {
      await server.connect(transport);
      response = await transport.handleRequest(request, {
        parsedBody: body,
        ...(authInfo === undefined ? {} : { authInfo }),
      });
    } catch (error) {
      ended();
      await server.close().catch(() => undefined);
      throw error;
    } finally {
      this.#starting.delete(session);
    }
    return onResponseEnd(response, () => {
      ended();
      // An initialize the transport refused (a bad protocol version, say) started no session: nothing keeps it.
      if (transport.sessionId === undefined) void server.close().catch(() => undefined);
    });
  }

  /** Closes every session. */
  async close(): Promise<void> {
    const open = [...this.#open.values()];
    for (const session of open) clearTimeout(session.idleTimer);
    this.#open.clear();
    await Promise.allSettled(open.map(({ server }) => server.close()));
  }

  // Restarts a session's idle time and returns what to call when the request's response has ended. A POST or DELETE
  // holds the session open until then, so a long call is never cut off; a GET does not: its SSE stream may stay open
  // for good, even from a client long gone.
  #touch(session: HttpSession, method: string): () => void {
    clearTimeout(session.idleTimer);
    session.idleTimer = undefined;
    const id = session.transport.sessionId;
    if (id !== undefined && this.#open.get(id) === session) {
      this.#open.delete(id);
      this.#open.set(id, session);
    }
    if (method === "GET") {
      this.#arm(session);
      return () => undefined;
    }
    session.active += 1;
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      session.active -= 1;
      this.#arm(session);
    };
  }

  #forget(session: HttpSession): void {
    clearTimeout(session.idleTimer);
    session.idleTimer = undefined;
    const id = session.transport.sessionId;
    if (id !== undefined && this.#open.get(id) === session) this.#open.delete(id);
  }

  #expire(session: HttpSession): void {
    this.#forget(session);
    // Closing the server closes its transport: the client's next request gets 404 and starts a new session.
    session.server.close().catch(() => undefined);
  }

  // Makes room for a new session by closing the least recently used one with no request in progress: otherwise one
  // local process could open maxSessions sessions and lock every other client out until they expire.
  #evictIdle(): boolean {
    for (const session of this.#open.values()) {
      if (session.active > 0) continue;
      this.#expire(session);
      return true;
    }
    return false;
  }

  // Starts counting a session's idle time, unless a request of it is still being answered or it has ended.
  #arm(session: HttpSession): void {
    const id = session.transport.sessionId;
    if (session.active > 0 || session.idleTimer !== undefined || !Number.isFinite(this.#idleMs)) return;
    if (id === undefined || this.#open.get(id) !== session) return;
    session.idleTimer = setTimeout(() => this.#expire(session), Math.min(this.#idleMs, MAX_TIMER_MS));
    // Node and Bun let a process exit past a pending timer only when told; Deno, workerd and browsers return a number.
    (session.idleTimer as { unref?: () => void }).unref?.();
  }
}
