import type { McpAuthOptions } from "./mcp-auth-options.js";

const WELL_KNOWN = "/.well-known/oauth-protected-resource";

/**
 * The endpoint's resource identifier for `request`: `auth.resource` when given, else the URL the request arrived at
 * without query or fragment (RFC 8707 §2: a resource URI has no fragment, and the MCP spec's canonical form drops a
 * trailing slash).
 */
export function resourceOf(auth: McpAuthOptions, request: Request): string {
  if (auth.resource !== undefined) return canonicalResource(auth.resource);
  const url = new URL(request.url);
  return canonicalResource(`${url.origin}${url.pathname}`);
}

/** A resource URI as compared: no fragment, no query, lower-case scheme and host (URL does that), no trailing slash. */
export function canonicalResource(resource: string): string {
  try {
    const url = new URL(resource);
    const path = url.pathname === "/" ? "" : url.pathname.replace(/\/$/, "");
    return `${url.origin}${path}${url.search}`;
  } catch {
    return resource;
  }
}

/**
 * Where the metadata of `resource` is served (RFC 9728 §3.1): the well-known path with the resource's path appended
 * (`https://host/.well-known/oauth-protected-resource/mcp` for `https://host/mcp`). The challenge names this one.
 */
export function metadataUrlOf(resource: string): string {
  const url = new URL(resource);
  const path = url.pathname === "/" ? "" : url.pathname;
  return `${url.origin}${WELL_KNOWN}${path}`;
}

/**
 * True for a request for the endpoint's metadata: the path-suffixed form for its own path, or the bare well-known
 * path (clients that try the root first, as the MCP spec allows).
 */
export function isMetadataRequest(request: Request, endpointPath: string | undefined): boolean {
  const { pathname } = new URL(request.url);
  if (pathname === WELL_KNOWN) return true;
  if (!pathname.startsWith(`${WELL_KNOWN}/`)) return false;
  return endpointPath === undefined || pathname === `${WELL_KNOWN}${endpointPath}`;
}

/**
 * The Protected Resource Metadata document (RFC 9728 §2) for `request`'s endpoint, served to anyone (it is public,
 * and browser clients read it across origins) with a short cache life.
 */
export function metadataResponse(auth: McpAuthOptions, request: Request, endpointPath: string | undefined): Response {
  if (request.method !== "GET" && request.method !== "HEAD") {
    return new Response(null, { status: 405, headers: { allow: "GET, HEAD" } });
  }
  const url = new URL(request.url);
  // The suffix of a path-suffixed request names the resource's path (a framework-mounted handler has no path option).
  const suffix = url.pathname.slice(WELL_KNOWN.length);
  const resource =
    auth.resource !== undefined
      ? canonicalResource(auth.resource)
      : canonicalResource(`${url.origin}${suffix === "" ? (endpointPath ?? "") : suffix}`);
  const document = {
    resource,
    authorization_servers: [...auth.authorizationServers],
    bearer_methods_supported: ["header"],
    scopes_supported: [...(auth.scopesSupported ?? auth.requiredScopes ?? [])],
    ...(auth.resourceName === undefined ? {} : { resource_name: auth.resourceName }),
    ...(auth.resourceDocumentation === undefined ? {} : { resource_documentation: auth.resourceDocumentation }),
  };
  return new Response(request.method === "HEAD" ? null : JSON.stringify(document), {
    status: 200,
    headers: {
      "content-type": "application/json",
      "access-control-allow-origin": "*",
      "cache-control": "max-age=300",
    },
  });
}
