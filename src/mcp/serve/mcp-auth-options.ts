import { checkKnownKeys } from "../../errors/known-keys.js";
import type { CallAuth } from "../../tool/call-auth.js";
import type { McpServableAgent } from "./servable-agent.js";

/**
 * What a token verifier answers for a token it accepts. The verifier is the app's (a JWT library checking a
 * signature, an introspection call to the authorization server); toolwright then checks what the spec asks of a
 * resource server: the audience names this endpoint, the token has not expired, and it grants the scopes needed.
 */
export interface McpTokenInfo {
  /** The user (or service) the token was issued for (a JWT's `sub`). */
  readonly subject?: string;
  /** The OAuth client the token was issued to (`client_id`, `azp`). */
  readonly clientId?: string;
  /** The scopes the token grants: a list, or the space-separated `scope` claim as it comes. */
  readonly scopes: readonly string[] | string;
  /** When the token expires, in seconds since the epoch (a JWT's `exp`). A token past it is refused. */
  readonly expiresAt?: number;
  /**
   * The resources the token was issued for (a JWT's `aud`, an introspection answer's `aud`). Required: the endpoint's
   * resource identifier must be among them, so a token issued for another server is refused (RFC 8707; the MCP
   * authorization spec forbids passing tokens through).
   */
  readonly audience: string | readonly string[];
  /** Anything else for the app's own use (a tenant, roles): reaches handlers as `context.auth.extra`. */
  readonly extra?: Readonly<Record<string, unknown>>;
}

/**
 * Bearer-token authorization of an MCP endpoint over HTTP (`serveMcp({ transport: "http", auth })`,
 * `mcpFetchHandler(agent, { auth })`), as the MCP authorization spec asks of a resource server: every request needs a
 * token the app's verifier accepts, issued for this endpoint and not expired (else 401 with
 * `WWW-Authenticate: Bearer resource_metadata="…"`); the endpoint serves its Protected Resource Metadata (RFC 9728)
 * at `/.well-known/oauth-protected-resource` and the path-suffixed form; a `tools/call` of a tool whose `authScopes`
 * the token does not grant is refused 403 `insufficient_scope` naming the scopes to ask for (step-up).
 */
export interface McpAuthOptions {
  /**
   * Verifies one bearer token: answers what it grants, or `undefined` (or throws) to refuse it. Called for every
   * HTTP request that carries a token; cache in it if verification is costly.
   */
  readonly verifyToken: (token: string) => McpTokenInfo | undefined | Promise<McpTokenInfo | undefined>;
  /** The authorization servers that issue tokens for this endpoint (their issuer URLs), listed in the metadata. */
  readonly authorizationServers: readonly string[];
  /**
   * The endpoint's resource identifier (RFC 8707): its canonical URL, `https://mcp.example.com/mcp`. Tokens must name
   * it in their audience. Absent: the URL each request arrived at (scheme, host and path), which is right only when
   * clients reach the endpoint by the URL the server sees (no proxy rewriting it).
   */
  readonly resource?: string;
  /** Scopes every request needs, whatever it does; a token without them is refused 403 `insufficient_scope`. */
  readonly requiredScopes?: readonly string[];
  /**
   * The scopes the metadata lists as `scopes_supported` (what a client asks for on its first authorization). Absent:
   * `requiredScopes`, so a client starts with the least and steps up per tool.
   */
  readonly scopesSupported?: readonly string[];
  /** A name for the resource, shown by clients (`resource_name` in the metadata). */
  readonly resourceName?: string;
  /** A page describing the resource for developers (`resource_documentation`). */
  readonly resourceDocumentation?: string;
  /**
   * The agent a verified token is served by: return the agent of the token's tenant and user, made with their store
   * `scope` (`new FilesAgent({ scope: ... })`, on the tenant's registry if tenants have their own), so the approvals,
   * tasks and session data of its calls are theirs and no other token's calls reach them. Keep one per tenant and user
   * (or give them a shared `store`): it is asked for each 2025-11-25 session and each 2026-07-28 request. Every agent
   * it returns must be of the served agent's class (the endpoint lists that agent's tools, resources and prompts).
   * Absent: every token is served by the agent given to `serveMcp`.
   */
  readonly agentFor?: (auth: CallAuth) => McpServableAgent;
}

const AUTH_OPTION_KEYS: ReadonlySet<string> = new Set(
  Object.keys({
    verifyToken: 0,
    authorizationServers: 0,
    resource: 0,
    requiredScopes: 0,
    scopesSupported: 0,
    resourceName: 0,
    resourceDocumentation: 0,
    agentFor: 0,
  } satisfies Record<keyof McpAuthOptions, 0>),
);

/**
 * Checks `auth` where the endpoint is defined, so a mistake throws there and not on the first request.
 * @throws {ToolDefinitionError} for an unknown key; {@link TypeError} for a missing verifier, no authorization
 *   server, or a `resource` / server that is not an absolute http(s) URL.
 */
export function checkAuthOptions(auth: McpAuthOptions, who: string): void {
  if (typeof auth !== "object" || auth === null) {
    throw new TypeError(
      `${who}: auth must be an object with verifyToken and authorizationServers; got ${String(auth)}.`,
    );
  }
  checkKnownKeys(auth, AUTH_OPTION_KEYS, `${who} auth`);
  if (typeof auth.verifyToken !== "function") {
    throw new TypeError(`${who}: auth.verifyToken must be a function (token) => token info or undefined.`);
  }
  if (!Array.isArray(auth.authorizationServers) || auth.authorizationServers.length === 0) {
    throw new TypeError(
      `${who}: auth.authorizationServers must list at least one authorization server URL (clients find it there).`,
    );
  }
  for (const url of [...auth.authorizationServers, ...(auth.resource === undefined ? [] : [auth.resource])]) {
    if (!isHttpUrl(url))
      throw new TypeError(`${who}: auth URLs must be absolute http(s) URLs; got ${JSON.stringify(url)}.`);
  }
  if (auth.agentFor !== undefined && typeof auth.agentFor !== "function") {
    throw new TypeError(`${who}: auth.agentFor must be a function from the token's auth to the agent serving it.`);
  }
  for (const [name, list] of [
    ["requiredScopes", auth.requiredScopes],
    ["scopesSupported", auth.scopesSupported],
  ] as const) {
    if (
      list !== undefined &&
      !(Array.isArray(list) && list.every((scope) => /^[\x21\x23-\x5b\x5d-\x7e]+$/.test(scope)))
    ) {
      throw new TypeError(`${who}: auth.${name} must be a list of scope names (printable, no spaces or quotes).`);
    }
  }
}

function isHttpUrl(value: unknown): boolean {
  if (typeof value !== "string") return false;
  try {
    const url = new URL(value);
    return (url.protocol === "https:" || url.protocol === "http:") && url.hash === "";
  } catch {
    return false;
  }
}
