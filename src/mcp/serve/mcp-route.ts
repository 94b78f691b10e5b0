import type { AuthInfo } from "@modelcontextprotocol/server";
import type { McpEra, McpSdkServer } from "./create-mcp-server.js";
import type { ServerSdk } from "../load-sdk.js";
import { jsonRpcError, leftUnread, readJson } from "./http-json.js";
import { HttpSessions } from "./http-sessions.js";
import { InFlightLimit, busyResponse, messageCount } from "./in-flight-limit.js";
import { onResponseEnd } from "./response-end.js";
import { answerStateless } from "./stateless-request.js";
import { type AdmittedRequest, type AuthGate, sdkAuthInfo } from "./auth-gate.js";
import type { HttpSession } from "./http-sessions.js";
import type { ListenNotifier } from "./resource-subscriptions.js";

/** What the MCP endpoint is built from: the SDK, how to make a server, and its limits. */
export interface McpRouteOptions {
  readonly sdk: ServerSdk;
  /**
   * Creates an MCP server: one per 2025-11-25 session (`sessionful`), or one per request (a 2026-07-28 request, or
   * any request when stateless).
   */
  /** Makes the server of a 2025 session or of one request; `authInfo`: the token the session or request came with. */
  readonly createServer: (era: McpEra, sessionful: boolean, authInfo?: AuthInfo) => McpSdkServer;
  /** The endpoint's path: a request for another is answered 404. Absent: any path (a route handler mounted by a framework). */
  readonly path?: string | undefined;
  /** Returns false for a request to refuse 403 for its `Host` or `Origin` (DNS rebinding, cross-site pages). */
  readonly allows: (request: Request) => boolean;
  /** The message of that 403, naming what the caller can change. */
  readonly refusal: string;
  /** Serves every POST on its own, with no session (see `answerStateless`). */
  readonly stateless: boolean;
  /** Closes a session that has had no request in progress for this long, in milliseconds; `Infinity` never does. */
  readonly sessionIdleTimeoutMs: number;
  /** The most sessions open at once (see HttpSessions). */
  readonly maxSessions: number;
  /**
   * The most JSON-RPC messages answered on their own at once, counted once a request's body is complete (a batch
   * counts each of its messages); a request beyond it is answered 503 with `Retry-After`.
   */
  readonly maxInFlight: number;
  /** How long a request's body may take to arrive, in milliseconds; a slower one is answered 408. */
  readonly bodyTimeoutMs: number;
  /** Bearer authorization (auth-gate.ts): absent, every request is let in without a token. */
  readonly auth?: AuthGate | undefined;
}

/** One answer of the endpoint, and whether the rest of the request's body was left unread on the connection. */
export interface McpRouteAnswer {
  readonly response: Response;
  /** The body was cut short (too large, too slow): a server that owns the connection should close it after answering. */
  readonly unread: boolean;
}

/** The MCP endpoint as a web-standard route: the one place every HTTP request to an agent is answered. */
export interface McpRoute {
  /** Answers one request. Never rejects: a failure is answered 500 with a JSON-RPC error. */
  answer(request: Request): Promise<McpRouteAnswer>;
  /** Closes every session and the per-request handler. */
  close(): Promise<void>;
  /** Pushes a change to the 2026-07-28 `subscriptions/listen` streams this endpoint holds (the SDK filters each). */
  readonly notify: ListenNotifier;
}

/**
 * Creates the MCP Streamable HTTP endpoint over web-standard `Request` and `Response`: 2026-07-28 requests (and every
 * request when stateless) each on their own, within `maxInFlight`; 2025-11-25 traffic in sessions (http-sessions.ts).
 * A request counts as in flight only once its body is complete, and a body that does not arrive within
 * `bodyTimeoutMs` is answered 408, so slow clients hold no share. The Node listener (http-listener.ts) and the
 * public fetch handler (mcp-fetch-handler.ts) both answer through it.
 */
export function createMcpRoute(options: McpRouteOptions): McpRoute {
  const { sdk, stateless } = options;
  const inFlight = new InFlightLimit(options.maxInFlight);
  // 2026-07-28 requests carry everything in each request (`_meta`), so the SDK's entry answers them with a fresh
  // server each; 2025-11-25 traffic is routed around it (sessions, or the stateless form).
  const modern = sdk.createMcpHandler(({ era, authInfo }) => options.createServer(era, false, authInfo), {
    legacy: "reject",
  });
  const createSessionServer = (authInfo?: AuthInfo) => options.createServer("legacy", true, authInfo);
  const sessions = new HttpSessions(sdk, createSessionServer, options.sessionIdleTimeoutMs, options.maxSessions);
  const answered = (response: Response, unread = false): McpRouteAnswer => ({ response, unread });
  const { auth } = options;

  // Under `auth`, a 2025 session belongs to whoever opened it: another token's subject cannot use its id.
  const owners = new WeakMap<HttpSession, string>();

  async function route(request: Request): Promise<McpRouteAnswer> {
    const metadata = auth?.metadata(request);
    if (metadata !== undefined) {
      return answered(options.allows(request) ? metadata : jsonRpcError(403, options.refusal));
    }
    const url = new URL(request.url);
    if (options.path !== undefined && url.pathname !== options.path) {
      return answered(jsonRpcError(404, `Not Found: the MCP endpoint is ${options.path}`));
    }
    if (!options.allows(request)) return answered(jsonRpcError(403, options.refusal));
    let admitted: AdmittedRequest | undefined;
    if (auth !== undefined) {
      const verdict = await auth.admit(request);
      // Refused before its body was read: a server that owns the connection closes it rather than read the rest.
      if (verdict instanceof Response) return answered(verdict, request.body !== null);
      admitted = verdict;
    }
    if (request.method !== "POST") return answered(await answerBodiless(request, admitted));
    const read = await readJson(request, options.bodyTimeoutMs);
    if ("status" in read) return answered(jsonRpcError(read.status, read.message, -32700), leftUnread(read));
    // The body is read: the SDK gets it parsed, and a request that still carries it as text, as it would have arrived.
    const { body } = read;
    const stepUp = admitted === undefined ? undefined : auth!.stepUp(request, body, admitted);
    if (stepUp !== undefined) return answered(stepUp);
    const { method, headers, signal } = request;
    const whole = new Request(request.url, { method, headers, signal, body: read.text });
    const legacy = await sdk.isLegacyRequest(whole, body);
    if (!legacy || stateless) return answered(await answerAlone(whole, body, legacy, admitted));
    const sessionId = request.headers.get("mcp-session-id");
    if (sessionId === null) return answered(await startSession(whole, body, admitted));
    return answered(await answerInSession(sessionId, whole, body, admitted));
  }

  async function startSession(request: Request, body: unknown, admitted: AdmittedRequest | undefined) {
    const response = await sessions.start(request, body, authInfoOf(admitted));
    const opened = response.headers.get("mcp-session-id");
    const session = opened === null ? undefined : sessions.get(opened);
    if (admitted !== undefined && session !== undefined) owners.set(session, ownerOf(admitted));
    return response;
  }

  // GET opens a 2025 session's server-to-client stream, DELETE ends a session: neither has a body to read.
  async function answerBodiless(request: Request, admitted: AdmittedRequest | undefined): Promise<Response> {
    if (stateless) {
      const server = () => options.createServer("legacy", false, authInfoOf(admitted));
      return answerStateless(request, undefined, server, sdk);
    }
    const sessionId = request.headers.get("mcp-session-id");
    if (sessionId === null) return jsonRpcError(400, "Bad Request: no valid mcp-session-id header");
    return answerInSession(sessionId, request, undefined, admitted);
  }

  async function answerInSession(
    sessionId: string,
    request: Request,
    body: unknown,
    admitted: AdmittedRequest | undefined,
  ): Promise<Response> {
    const session = sessions.get(sessionId);
    // Another subject's session is answered as no session at all: its id is not a key to someone else's work.
    if (!session || (admitted !== undefined && owners.get(session) !== ownerOf(admitted))) {
      return jsonRpcError(404, "Session not found", -32001);
    }
    return sessions.answer(session, request, body, authInfoOf(admitted));
  }

  // A request answered on its own (every 2026-07-28 request; any request when stateless) takes one share of
  // maxInFlight per message until its response ends.
  async function answerAlone(
    request: Request,
    body: unknown,
    legacy: boolean,
    admitted: AdmittedRequest | undefined,
  ): Promise<Response> {
    const count = messageCount(body);
    if (count > inFlight.max) {
      const message = `Invalid Request: a batch of ${count} messages is more than this server answers at once (${inFlight.max}); send fewer at a time.`;
      return jsonRpcError(400, message, -32600);
    }
    const release = inFlight.admit(count);
    if (release === undefined) return busyResponse(inFlight);
    try {
      const response = legacy
        ? await answerStateless(
            request,
            body,
            () => options.createServer("legacy", false, authInfoOf(admitted)),
            sdk,
            authInfoOf(admitted),
          )
        : await modern.fetch(request, { parsedBody: body, ...authOption(admitted) });
      return onResponseEnd(response, release);
    } catch (error) {
      release();
      throw error;
    }
  }

  return {
    async answer(request) {
      try {
        return await route(request);
      } catch (error) {
        return answered(jsonRpcError(500, `Internal error: ${error instanceof Error ? error.message : String(error)}`));
      }
    },
    async close() {
      await Promise.allSettled([sessions.close(), modern.close()]);
    },
    notify: modern.notify,
  };
}

function authInfoOf(admitted: AdmittedRequest | undefined) {
  return admitted === undefined ? undefined : sdkAuthInfo(admitted);
}

function authOption(admitted: AdmittedRequest | undefined) {
  return admitted === undefined ? {} : { authInfo: sdkAuthInfo(admitted) };
}

// Who a session belongs to: the token's subject (and client), as the verifier named them.
function ownerOf(admitted: AdmittedRequest): string {
  return JSON.stringify([admitted.auth.subject ?? null, admitted.auth.clientId ?? null]);
}
