/** The request headers the check reads (Node's `IncomingHttpHeaders` is one). */
export interface HostAndOrigin {
  readonly host?: string | undefined;
  readonly origin?: string | undefined;
}

const LOOPBACK_NAMES = new Set(["localhost", "127.0.0.1", "[::1]", "::1"]);

/** Returns true for a loopback host name or address (`localhost`, `127.x.x.x`, `::1`). */
export function isLoopbackHost(host: string): boolean {
  return LOOPBACK_NAMES.has(host) || /^127(\.\d{1,3}){3}$/.test(host);
}

function hostnameOf(value: string): string | undefined {
  try {
    return new URL(value.includes("://") ? value : `http://${value}`).hostname;
  } catch {
    return undefined;
  }
}

/**
 * Returns false for a request that a web page on another site could have sent through DNS rebinding: while the
 * server is bound to a loopback address, its `Host` must name a loopback host and its `Origin`, when present, too.
 * A server bound to another address is reachable from the network on purpose and gets no such check.
 */
export function isLocalRequest(headers: HostAndOrigin, boundHost: string): boolean {
  if (!isLoopbackHost(boundHost)) return true;
  const host = headers.host === undefined ? undefined : hostnameOf(headers.host);
  if (host === undefined || !isLoopbackHost(host)) return false;
  const origin = headers.origin;
  if (origin === undefined || origin === "null") return origin === undefined;
  const originHost = hostnameOf(origin);
  return originHost !== undefined && isLoopbackHost(originHost);
}
