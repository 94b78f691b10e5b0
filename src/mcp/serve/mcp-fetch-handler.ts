import { checkKnownKeys } from "../../errors/known-keys.js";
import { loadServerSdk } from "../load-sdk.js";
import { jsonRpcError } from "./http-json.js";
import {
  ENDPOINT_OPTION_KEYS,
  type McpEndpointOptions,
  checkEndpointLimits,
  createAgentRoute,
} from "./mcp-endpoint-options.js";
import type { McpRoute } from "./mcp-route.js";
import { type McpServerOptions, SERVER_OPTION_KEYS } from "./mcp-server-options.js";
import { checkListCache } from "./app-views.js";
import type { McpServableAgent } from "./servable-agent.js";

/** Options of {@link mcpFetchHandler}. */
export interface McpFetchOptions extends McpServerOptions, McpEndpointOptions {
  /**
   * The endpoint's path: a request for any other is answered 404. Absent (the default), every request that reaches
   * the handler is an MCP request, as when a framework has already routed it (a Hono route, a Next.js route handler).
   */
  readonly path?: string;
  /**
   * The host names the endpoint answers for: a request whose `Host` names another is refused 403. Set it for a
   * server that listens on a loopback address (`["localhost", "127.0.0.1"]`): a web page that rebinds its own name
   * to this machine (DNS rebinding) then cannot reach it. Absent: any host, as behind a platform's own router.
   */
  readonly allowedHosts?: readonly string[];
  /**
   * The origins whose web pages may call the endpoint (`"https://app.example"`). A request with an `Origin` header
   * (a browser's) from another origin is refused 403. Absent: only pages of the endpoint's own origin; a request
   * without `Origin` (an MCP client that is no browser) is always let through this check.
   */
  readonly allowedOrigins?: readonly string[];
}

/** A web-standard MCP endpoint for one agent, made by {@link mcpFetchHandler}. */
export interface McpFetchHandler {
  /** Answers one HTTP request to the endpoint. Never rejects: a failure is answered with a status and a JSON-RPC error. */
  (request: Request): Promise<Response>;
  /** Ends every session and what the handler keeps; later requests start afresh. */
  close(): Promise<void>;
}

const FETCH_OPTION_KEYS: ReadonlySet<string> = new Set([
  ...SERVER_OPTION_KEYS,
  ...ENDPOINT_OPTION_KEYS,
  ...Object.keys({ path: 0, allowedHosts: 0, allowedOrigins: 0 } satisfies Record<
    Exclude<keyof McpFetchOptions, keyof McpServerOptions | keyof McpEndpointOptions>,
    0
  >),
]);

const REFUSAL =
  "Forbidden: this endpoint does not answer this Host or Origin (its allowedHosts and allowedOrigins name those it does)";

/**
 * Returns a web-standard `(request: Request) => Promise<Response>` handler that serves an agent's tools as an MCP
 * endpoint (Streamable HTTP), for any runtime that answers `fetch`: a Cloudflare Worker (`export default { fetch }`),
 * `Deno.serve`, `Bun.serve`, a Hono route (`(c) => handler(c.req.raw)`) or a Next.js route handler
 * (`export { handler as GET, handler as POST, handler as DELETE }`). It is the same endpoint `serveMcp` runs on a
 * Node server: both protocol revisions, `tools/list` and `tools/call` through `agent.callTool`, approvals, tasks and
 * progress, and the same limits (request bodies of at most 4 MB, `bodyTimeoutMs`, `maxInFlight`, `maxSessions`).
 *
 * 2026-07-28 requests are always answered on their own. 2025-11-25 clients get sessions, kept in this handler's
 * memory: where the runtime keeps nothing between requests (Workers, serverless functions) or runs many copies,
 * pass `stateless: true`; see docs/mcp.md for what a stateless endpoint cannot do.
 *
 * Creating the handler does no work a runtime may forbid at module scope: the MCP SDK (the optional peer
 * `@modelcontextprotocol/server`) is loaded, and the approval key drawn, on the first request.
 * @throws {ToolDefinitionError} for an option key it does not know, naming the closest one; {@link RangeError} for a
 *   `sessionIdleTimeoutMs`, `bodyTimeoutMs`, `maxSessions` or `maxInFlight` that is not positive;
 *   `TypeError` for a `listCache` that is malformed, or `"public"` for an agent with view-only tools.
 * @example
 * const handler = mcpFetchHandler(new FileAgent(), { stateless: true });
 * export default { fetch: handler }; // a Cloudflare Worker
 */
export function mcpFetchHandler(agent: McpServableAgent, options: McpFetchOptions = {}): McpFetchHandler {
  checkKnownKeys(options, FETCH_OPTION_KEYS, "mcpFetchHandler options");
  checkEndpointLimits(options, "mcpFetchHandler");
  checkListCache(agent, options.listCache, "mcpFetchHandler");
  const allows = requestCheck(options.allowedHosts, options.allowedOrigins);
  let route: Promise<McpRoute> | undefined;
  const open = () =>
    (route ??= loadServerSdk("mcpFetchHandler").then((sdk) =>
      createAgentRoute(sdk, agent, options, { path: options.path, allows, refusal: REFUSAL }),
    ));
  const handler = async (request: Request): Promise<Response> => {
    let ready: McpRoute;
    try {
      ready = await open();
    } catch (error) {
      // The peer is missing (the error names it and the command that installs it): every request says so.
      route = undefined;
      return jsonRpcError(500, `Internal error: ${error instanceof Error ? error.message : String(error)}`);
    }
    return (await ready.answer(request)).response;
  };
  return Object.assign(handler, {
    async close() {
      const closing = route;
      route = undefined;
      await (await closing?.catch(() => undefined))?.close();
    },
  });
}

// The Host and Origin check of a fetch handler (see allowedHosts and allowedOrigins above).
function requestCheck(
  hosts: readonly string[] | undefined,
  origins: readonly string[] | undefined,
): (request: Request) => boolean {
  const hostNames =
    hosts === undefined
      ? undefined
      : new Set(hosts.map((host) => (host.includes(":") && !host.startsWith("[") ? `[${host}]` : host).toLowerCase()));
  const allowedOrigins = origins === undefined ? undefined : new Set(origins.map((origin) => originOf(origin)));
  return (request) => {
    const url = new URL(request.url);
    if (hostNames !== undefined && !hostNames.has(hostNameOf(request.headers.get("host") ?? url.host))) return false;
    const origin = request.headers.get("origin");
    if (origin === null) return true;
    const from = originOf(origin);
    return allowedOrigins === undefined ? from === url.origin : allowedOrigins.has(from);
  };
}

// The host name of a Host header (`example.com:8080` → `example.com`, `[::1]:80` → `[::1]`), lower-cased.
function hostNameOf(host: string): string {
  try {
    return new URL(`http://${host}`).hostname.toLowerCase();
  } catch {
    return "";
  }
}

// An origin in its serialized form; `"null"` and anything unparsable stay as they are, matching nothing but itself.
function originOf(origin: string): string {
  try {
    const parsed = new URL(origin).origin;
    return parsed === "null" ? origin : parsed;
  } catch {
    return origin;
  }
}
