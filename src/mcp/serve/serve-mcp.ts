import { createMcpServer } from "./create-mcp-server.js";
import { createApprovalCodec } from "./approval-over-mrtr.js";
import { listenHttp, localRequestsOf } from "./http-listener.js";
import { loadServeStdio, loadServerSdk } from "../load-sdk.js";
import { type McpServerOptions, SERVER_OPTION_KEYS } from "./mcp-server-options.js";
import { checkListCache } from "./app-views.js";
import {
  ENDPOINT_OPTION_KEYS,
  type McpEndpointOptions,
  checkEndpointLimits,
  createAgentRoute,
} from "./mcp-endpoint-options.js";
import { checkKnownKeys } from "../../errors/known-keys.js";
import type { McpServableAgent } from "./servable-agent.js";

/** Serve over the standard input and output of this process (for clients that spawn the server). */
export interface StdioServeOptions extends McpServerOptions {
  readonly transport: "stdio";
}

/** Serve over Streamable HTTP. */
export interface HttpServeOptions extends McpServerOptions, McpEndpointOptions {
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
}

// Per transport: an HTTP option given to stdio would be ignored as surely as a misspelt one.
const STDIO_OPTION_KEYS: ReadonlySet<string> = new Set([...SERVER_OPTION_KEYS, "transport"]);
const HTTP_OPTION_KEYS: ReadonlySet<string> = new Set([
  ...SERVER_OPTION_KEYS,
  ...ENDPOINT_OPTION_KEYS,
  ...Object.keys({ transport: 0, port: 0, host: 0, path: 0 } satisfies Record<
    Exclude<keyof HttpServeOptions, keyof McpServerOptions | keyof McpEndpointOptions>,
    0
  >),
]);

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
 *   `TypeError` for a `listCache` that is malformed, or `"public"` for an agent with view-only tools (see
 *   {@link McpServerOptions.listCache}); an Error naming the package when `@modelcontextprotocol/server` is not installed, or when the port is taken;
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
  if (options.transport === "http") checkEndpointLimits(options, "serveMcp");
  checkListCache(agent, options.listCache, "serveMcp");
  const sdk = await loadServerSdk();
  if (options.transport === "stdio") {
    const serveStdio = await loadServeStdio();
    const codec = createApprovalCodec(sdk, options.requestStateKey);
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
  const host = options.host ?? "127.0.0.1";
  const path = options.path ?? "/mcp";
  // The same route mcpFetchHandler answers through; this server only carries requests to it and back.
  const route = createAgentRoute(sdk, agent, options, {
    path,
    allows: localRequestsOf(host),
    refusal: "Forbidden: non-local Host or Origin",
  });
  const listener = await listenHttp({ port: options.port ?? 0, host, path, route });
  return { transport: "http", port: listener.port, url: listener.url, close: () => listener.close() };
}
