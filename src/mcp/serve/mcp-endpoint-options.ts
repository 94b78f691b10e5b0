import type { McpServableAgent } from "./servable-agent.js";
import type { McpServerOptions } from "./mcp-server-options.js";
import type { ServerSdk } from "../load-sdk.js";
import { createApprovalCodec } from "./approval-over-mrtr.js";
import { createMcpServer } from "./create-mcp-server.js";
import { type McpRoute, createMcpRoute } from "./mcp-route.js";
import { type McpAuthOptions, checkAuthOptions } from "./mcp-auth-options.js";
import { callAuthOf, createAuthGate } from "./auth-gate.js";
import type { AuthInfo } from "@modelcontextprotocol/server";
import { APP_HOST } from "./app-views.js";
import { forwardToListeners } from "./resource-subscriptions.js";
import { servedEntries } from "./served-entries.js";

/** How the MCP HTTP endpoint keeps sessions and bounds its work: `serveMcp` over HTTP and `mcpFetchHandler` alike. */
export interface McpEndpointOptions {
  /**
   * Closes a session after this many milliseconds without a request (counted from the end of its last response, so
   * a long call keeps it; an open GET stream does not); 5 minutes by default, `Infinity` to keep sessions until the
   * client ends them (or until `maxSessions` makes room for a new one). The client's next request then gets 404 `Session not found`, and the client starts a new one.
   */
  readonly sessionIdleTimeoutMs?: number;
  /**
   * The most sessions open at once; 1 000 by default. An `initialize` beyond it closes the least recently used session
   * that has no request in progress (its client's next request gets 404 and it starts a new session); only when every
   * session is busy is it answered HTTP 503 with a JSON-RPC error saying there are too many sessions.
   */
  readonly maxSessions?: number;
  /**
   * Serves without sessions: each POST gets a fresh server and transport, so any replica behind a load balancer (or
   * any isolate of a Worker) can answer any request, and no session state is kept. Session options then do not
   * apply. Elicitation needs a session (its answer comes back as a later request), so on 2025-11-25 calls of tools
   * that need approval are refused unless the agent's `approver` decides them; see docs/multi-process.md.
   */
  readonly stateless?: boolean;
  /**
   * The most JSON-RPC messages answered on their own at once (every message with `stateless`, and every 2026-07-28
   * request, which never has a session) (each message of a batch counts); 256 by default.
   * A request beyond it is answered HTTP 503 with `Retry-After: 1` and a JSON-RPC error, which MCP clients report as a
   * failed request and a load balancer may retry on another replica; a batch larger than the limit itself is answered
   * 400. Each message in flight costs a fresh MCP server and, for a call, a handler run. A request counts from the
   * moment its body is complete, so a client that sends its body slowly holds no share.
   */
  readonly maxInFlight?: number;
  /**
   * How long a request's body may take to arrive once its headers have, in milliseconds; 10 000 (10 s) by default. A
   * body still incomplete then is answered HTTP 408 (and, on the Node server, its connection closed), so slow clients
   * (headers, then a byte now and then) cannot hold sockets, sessions or in-flight shares.
   */
  readonly bodyTimeoutMs?: number;
  /**
   * Bearer-token authorization (the MCP authorization spec, for a resource server): every request needs a token
   * `auth.verifyToken` accepts, issued for this endpoint and unexpired, else 401 with a `WWW-Authenticate` challenge
   * naming the Protected Resource Metadata the endpoint serves; a `tools/call` of a tool whose `authScopes` the token
   * lacks is refused 403 `insufficient_scope`; a call's handler reads the token's subject and scopes as
   * `context.auth`. Absent: no authorization (the default; fine on a loopback address). See docs/mcp.md.
   */
  readonly auth?: McpAuthOptions;
}

/** The keys of {@link McpEndpointOptions}, for the option checks of `serveMcp` and `mcpFetchHandler`. */
export const ENDPOINT_OPTION_KEYS: readonly string[] = Object.keys({
  sessionIdleTimeoutMs: 0,
  maxSessions: 0,
  stateless: 0,
  maxInFlight: 0,
  bodyTimeoutMs: 0,
  auth: 0,
} satisfies Record<keyof McpEndpointOptions, 0>);

const DEFAULT_SESSION_IDLE_TIMEOUT_MS = 5 * 60 * 1000;
const DEFAULT_MAX_SESSIONS = 1_000;
const DEFAULT_MAX_IN_FLIGHT = 256;
const DEFAULT_BODY_TIMEOUT_MS = 10_000;

/**
 * Checks the endpoint's limits when they are given, so a mistake throws where the endpoint is defined.
 * @throws {RangeError} for a `sessionIdleTimeoutMs`, `bodyTimeoutMs`, `maxSessions` or `maxInFlight` that is not
 *   positive, naming `who` (the function that was called).
 */
export function checkEndpointLimits(options: McpEndpointOptions, who: string): void {
  if (options.auth !== undefined) checkAuthOptions(options.auth, who);
  for (const [name, value] of [
    ["sessionIdleTimeoutMs", options.sessionIdleTimeoutMs],
    ["bodyTimeoutMs", options.bodyTimeoutMs],
  ] as const) {
    if (value !== undefined && !(value > 0))
      throw new RangeError(`${who}: ${name} must be a positive number of milliseconds; got ${value}.`);
  }
  for (const [name, value] of [
    ["maxSessions", options.maxSessions],
    ["maxInFlight", options.maxInFlight],
  ] as const) {
    if (value !== undefined && (!(value >= 1) || (Number.isFinite(value) && !Number.isInteger(value)))) {
      throw new RangeError(`${who}: ${name} must be a positive integer (or Infinity); got ${value}.`);
    }
  }
}

/** Where an agent's endpoint answers: its path (absent: any), and which requests it refuses for Host or Origin. */
export interface EndpointPlace {
  readonly path?: string | undefined;
  readonly allows: (request: Request) => boolean;
  /** The message of the 403 a refused request gets. */
  readonly refusal: string;
}

/**
 * Creates the one MCP route for an agent (mcp-route.ts) from the options users give, with their defaults: the Node
 * listener and the fetch handler both serve through it. One approval codec per endpoint, shared by its servers.
 */
export function createAgentRoute(
  sdk: ServerSdk,
  agent: McpServableAgent,
  options: McpServerOptions & McpEndpointOptions,
  place: EndpointPlace,
): McpRoute {
  const codec = createApprovalCodec(sdk, options.requestStateKey);
  const tokenScopes = options.auth === undefined ? undefined : (options.auth.requiredScopes ?? []);
  // The agent a token's session or request is served by: the app's own for its tenant and user (`auth.agentFor`).
  const agentFor = options.auth?.agentFor;
  // The resource changes of every agent this endpoint serves reach its 2026-07-28 listen streams until it closes
  // (sessions' servers hear them themselves: resource-subscriptions.ts): the endpoint's agent's from the start, a
  // token's agent's (`auth.agentFor`) from the first request it serves. Each is heard once; the listener holds no
  // agent (an agent dropped takes its listener: resource-changes.ts) and falls silent once the endpoint closes.
  let open = true;
  const heard = new WeakSet<object>();
  const hear = (served: McpServableAgent) => {
    if (heard.has(served)) return;
    heard.add(served);
    const { resources, templates } = servedEntries(served);
    if (resources.length + templates.length === 0) return;
    forwardToListeners(served, {
      resourceUpdated: (uri) => void (open && route.notify.resourceUpdated(uri)),
      resourcesChanged: () => void (open && route.notify.resourcesChanged()),
    });
  };
  const agentOf = (authInfo: AuthInfo | undefined): McpServableAgent => {
    const auth = authInfo === undefined ? undefined : callAuthOf({ http: { authInfo } });
    if (agentFor === undefined || auth === undefined) return agent;
    const tokens = agentFor(auth);
    hear(tokens);
    return tokens;
  };
  const route = createMcpRoute({
    sdk,
    createServer: (era, sessionful, authInfo) =>
      createMcpServer(sdk, agentOf(authInfo), options, { era, sessionful, codec, tokenScopes }),
    path: place.path,
    allows: place.allows,
    refusal: place.refusal,
    stateless: options.stateless === true,
    sessionIdleTimeoutMs: options.sessionIdleTimeoutMs ?? DEFAULT_SESSION_IDLE_TIMEOUT_MS,
    maxSessions: options.maxSessions ?? DEFAULT_MAX_SESSIONS,
    maxInFlight: options.maxInFlight ?? DEFAULT_MAX_IN_FLIGHT,
    bodyTimeoutMs: options.bodyTimeoutMs ?? DEFAULT_BODY_TIMEOUT_MS,
    auth:
      options.auth === undefined ? undefined : createAuthGate(options.auth, () => agent.tools(APP_HOST), place.path),
  });
  hear(agent);
  return {
    answer: (request) => route.answer(request),
    notify: route.notify,
    async close() {
      open = false;
      await route.close();
    },
  };
}
