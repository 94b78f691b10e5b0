import { timingSafeEqual } from "node:crypto";

/** What {@link checkRequest} needs to know of the server: its token and the port it listens on. */
export interface GuardOptions {
  readonly token: string;
  readonly port: number;
}

/** The parts of a request the guard reads; Node's `IncomingMessage` has them. */
export interface GuardedRequest {
  readonly url?: string | undefined;
  readonly method?: string | undefined;
  readonly headers: Readonly<Record<string, string | readonly string[] | undefined>>;
}

/** A request the guard let in: the path after the token (`/`, `/app.js`, `/api/state`, ...). */
export interface Admitted {
  readonly ok: true;
  readonly path: string;
  readonly query: URLSearchParams;
}

/** A request the guard refused, and why (for the 403 body; it names no secret). */
export interface Refused {
  readonly ok: false;
  readonly reason: string;
}

const LOOPBACK_NAMES = new Set(["127.0.0.1", "localhost"]);

function header(request: GuardedRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : (value as string | undefined);
}

function sameToken(given: string, token: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  // Compared in constant time, so the answer's timing does not tell how much of a guess was right.
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Decides whether the dev server may answer a request, before anything runs: the `Host` must be this loopback
 * server (a DNS-rebinding page reaches us under its own name), a browser's `Origin` must be this server and its
 * `Sec-Fetch-Site` same-origin or none (typed in the address bar), a write must be a JSON `POST` (a cross-site
 * form cannot send one without a preflight, which we never answer), and the path must start with the token.
 */
export function checkRequest(request: GuardedRequest, options: GuardOptions): Admitted | Refused {
  const host = header(request, "host");
  let hostUrl: URL;
  try {
    hostUrl = new URL(`http://${host ?? ""}`);
  } catch {
    return { ok: false, reason: "bad Host header" };
  }
  if (!LOOPBACK_NAMES.has(hostUrl.hostname) || hostUrl.port !== String(options.port)) {
    return { ok: false, reason: "the Host header must name this server (127.0.0.1 or localhost and its port)" };
  }
  const origin = header(request, "origin");
  if (
    origin !== undefined &&
    origin !== `http://127.0.0.1:${options.port}` &&
    origin !== `http://localhost:${options.port}`
  ) {
    return { ok: false, reason: "cross-origin requests are refused" };
  }
  const site = header(request, "sec-fetch-site");
  if (site !== undefined && site !== "same-origin" && site !== "none") {
    return { ok: false, reason: "cross-site requests are refused" };
  }
  const url = new URL(request.url ?? "/", "http://127.0.0.1");
  const [, given = "", ...rest] = url.pathname.split("/");
  if (!sameToken(given, options.token)) return { ok: false, reason: "missing or wrong token" };
  const method = request.method ?? "GET";
  if (method === "POST") {
    const type = header(request, "content-type") ?? "";
    if (!type.startsWith("application/json")) return { ok: false, reason: "a POST must carry application/json" };
  } else if (method !== "GET") {
    return { ok: false, reason: `method ${method} is not allowed` };
  }
  return { ok: true, path: `/${rest.join("/")}`, query: url.searchParams };
}
