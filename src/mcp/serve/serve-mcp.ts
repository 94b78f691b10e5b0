import { createMcpServer } from "./create-mcp-server.js";
import { createApprovalCodec } from "./approval-over-mrtr.js";
import { listenHttp } from "./http-listener.js";
import { loadServeStdio, loadServerSdk } from "../load-sdk.js";
import type { McpServerOptions } from "./mcp-server-options.js";
import { checkKnownKeys } from "../../errors/known-keys.js";
import type { McpServableAgent } from "./servable-agent.js";

/** Serve over the standard input and output of this process (for clients that spawn the server). */
export interface StdioServeOptions extends McpServerOptions {
  readonly transport: "stdio";
}

/** Serve over Streamable HTTP. */
export interface HttpServeOptions extends McpServerOptions {
  readonly transport: "http";
  /** The TCP port; `0` (the default) picks a free one, reported as `port` on the handle. */
  readonly port?: number;
  /**
   * The address to bind; `"127.0.0.1"` by default, so only this machine can connect. While bound to a loopback
   * address, requests whose `Host` or `Origin` is not local are refused (DNS-rebinding protection).
   */
  readonly host?: string;
  /** The endpoint's path; `"/mcp"` by default. */
  readonly path?: string;
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
   * Serves without sessions: each POST gets a fresh server and transport, so any replica behind a load balancer can
   * answer any request, and no session state is kept. Session options then do not apply. Elicitation needs a
   * session (its answer comes back as a later request), so calls of tools that need approval are refused unless the
   * agent's `approver` decides them; see docs/multi-process.md.
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
   * body still incomplete then is answered HTTP 408 and its connection closed, so slow clients (headers, then a byte
   * now and then) cannot hold sockets, sessions or in-flight shares for the 5 minutes Node's own request timeout allows.
   */
  readonly bodyTimeoutMs?: number;
}

const SERVER_OPTION_KEYS = Object.keys({
  name: 0,
  version: 0,
  instructions: 0,
  approval: 0,
  requestStateKey: 0,
  tasks: 0,
  listCache: 0,
} satisfies Record<keyof McpServerOptions, 0>);
// Per transport: an HTTP option given to stdio would be ignored as surely as a misspelt one.
const STDIO_OPTION_KEYS: ReadonlySet<string> = new Set([...SERVER_OPTION_KEYS, "transport"]);
const HTTP_OPTION_KEYS: ReadonlySet<string> = new Set([
  ...SERVER_OPTION_KEYS,
  ...Object.keys({
    transport: 0,
    port: 0,
    host: 0,
    path: 0,
    sessionIdleTimeoutMs: 0,
    maxSessions: 0,
    stateless: 0,
    maxInFlight: 0,
    bodyTimeoutMs: 0,
  } satisfies Record<Exclude<keyof HttpServeOptions, keyof McpServerOptions>, 0>),
]);

const DEFAULT_SESSION_IDLE_TIMEOUT_MS = 5 * 60 * 1000;
const DEFAULT_MAX_SESSIONS = 1_000;
const DEFAULT_MAX_IN_FLIGHT = 256;
const DEFAULT_BODY_TIMEOUT_MS = 10_000;

/** Options of {@link serveMcp}. */
export type ServeMcpOptions = StdioServeOptions | HttpServeOptions;

/** A running MCP server. */
export interface McpServerHandle {
  readonly transport: "stdio" | "http";
  /** Stops serving: closes every session and, for HTTP, the listening socket. */
  close(): Promise<void>;
}

/** A running MCP server over Streamable HTTP. */
export interface HttpMcpServerHandle extends McpServerHandle {
  readonly transport: "http";
  /** The port actually bound (useful with port 0). */
  readonly port: number;
  /** The endpoint to give clients, e.g. `http://127.0.0.1:41234/mcp`. */
  readonly url: string;
}

/**
 * Serves an agent's tools as an MCP server. `tools/list` answers the MCP form of the tools the agent may use (see
 * `toMcpTools`); `tools/call` runs `agent.callTool`, so validation, access control, approval, timeouts and listeners
 * apply, and every failure (unknown or forbidden tool, bad arguments, a failing handler, a timeout) comes back as an
 * `isError: true` result whose text the model can read. Calls of tools that need approval follow
 * {@link McpServerOptions.approval}.
 *
 * Both protocol eras are served from one endpoint: 2025-11-25 clients (sessions, or none with `stateless`) and
 * 2026-07-28 clients (every request on its own, carrying its `_meta`); see docs/mcp.md.
 *
 * Needs the optional peer dependency `@modelcontextprotocol/server` (the MCP SDK v2), loaded on the first call.
 * @throws {ToolDefinitionError} for an option key it does not know for the transport, naming the closest one;
 *   an Error naming the package when `@modelcontextprotocol/server` is not installed, or when the port is taken;
 *   {@link RangeError} for a `sessionIdleTimeoutMs`, `bodyTimeoutMs`, `maxSessions` or `maxInFlight` that is
 *   not positive.
 * @example
 * const server = await serveMcp(new FileAgent(), { transport: "http", port: 3000 });
 * console.log(`MCP endpoint: ${server.url}`);
 * // later: await server.close();
 */
export function serveMcp(agent: McpServableAgent, options: StdioServeOptions): Promise<McpServerHandle>;
export function serveMcp(agent: McpServableAgent, options: HttpServeOptions): Promise<HttpMcpServerHandle>;
export function serveMcp(agent: McpServableAgent, options: ServeMcpOptions): Promise<McpServerHandle>;
export async function serveMcp(
  agent: McpServableAgent,
  options: ServeMcpOptions,
): Promise<McpServerHandle | HttpMcpServerHandle> {
  if (typeof options === "object" && options !== null) {
    const known = options.transport === "stdio" ? STDIO_OPTION_KEYS : HTTP_OPTION_KEYS;
    checkKnownKeys(options, known, "serveMcp options");
  }
  const sdk = await loadServerSdk();
  const codec = createApprovalCodec(sdk, options.requestStateKey);
  if (options.transport === "stdio") {
    const serveStdio = await loadServeStdio();
    // One connection, pinned to the era its opening picks: a 2025 handshake or 2026 per-request `_meta`.
    const handle = serveStdio(({ era }) =>
      createMcpServer(sdk, agent, options, { era, sessionful: true, stdio: true, codec }),
    );
    return { transport: "stdio", close: () => handle.close() };
  }
  if (options.transport !== "http") {
    const given = (options as { transport?: unknown }).transport;
    throw new TypeError(`serveMcp: transport must be "stdio" or "http"; got ${JSON.stringify(given)}.`);
  }
  const listener = await listenHttp({
    port: options.port ?? 0,
    host: options.host ?? "127.0.0.1",
    path: options.path ?? "/mcp",
    sdk,
    createServer: (era, sessionful) => createMcpServer(sdk, agent, options, { era, sessionful, codec }),
    stateless: options.stateless === true,
    sessionIdleTimeoutMs: options.sessionIdleTimeoutMs ?? DEFAULT_SESSION_IDLE_TIMEOUT_MS,
    maxSessions: options.maxSessions ?? DEFAULT_MAX_SESSIONS,
    maxInFlight: options.maxInFlight ?? DEFAULT_MAX_IN_FLIGHT,
    bodyTimeoutMs: options.bodyTimeoutMs ?? DEFAULT_BODY_TIMEOUT_MS,
  });
  return { transport: "http", port: listener.port, url: listener.url, close: () => listener.close() };
}
