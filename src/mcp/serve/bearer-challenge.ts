// The wire side of bearer authorization (RFC 6750): reading a request's token, and the 401 / 403 answers with their
// `WWW-Authenticate` challenge. Kept apart from the decisions (auth-gate.ts) so both are short.

/** What refuses a request, as RFC 6750 §3.1 names it; absent for a request that carried no token at all. */
export type BearerError = "invalid_token" | "insufficient_scope";

/** One refusal: the challenge's parameters and the status it goes with. */
export interface BearerRefusal {
  readonly error?: BearerError;
  readonly description?: string;
  /** The scopes to ask for (`scope="…"`). */
  readonly scopes?: readonly string[];
}

// RFC 6750 §2.1: `Bearer` (any case, RFC 7235 §2.1), one space, then a token68. A value with a comma (two headers
// folded into one) or anything else fails to match and is refused as a bad token, never split or trimmed.
const BEARER = /^bearer ([A-Za-z0-9\-._~+/]+=*)$/i;

/**
 * The request's bearer token: `undefined` for no `Authorization` header (RFC 6750: answered without an error code),
 * `null` for one that is not exactly one bearer token (empty, another scheme, two headers folded, a token in the
 * query), else the token.
 */
export function bearerTokenOf(request: Request): string | null | undefined {
  const header = request.headers.get("authorization");
  if (header === null) return new URL(request.url).searchParams.has("access_token") ? null : undefined;
  return BEARER.exec(header)?.[1] ?? null;
}

/** A `WWW-Authenticate: Bearer …` value: the error, description, scopes and the metadata document's URL. */
export function bearerChallenge(refusal: BearerRefusal, metadataUrl: string): string {
  const parts: string[] = [];
  if (refusal.error !== undefined) parts.push(`error="${refusal.error}"`);
  if (refusal.description !== undefined) parts.push(`error_description="${quoted(refusal.description)}"`);
  if (refusal.scopes !== undefined && refusal.scopes.length > 0) parts.push(`scope="${refusal.scopes.join(" ")}"`);
  parts.push(`resource_metadata="${quoted(metadataUrl)}"`);
  return `Bearer ${parts.join(", ")}`;
}

/**
 * The HTTP answer of a refusal: 403 for `insufficient_scope`, 401 otherwise, with the challenge and a JSON-RPC error
 * body (MCP clients read the status and the header; a person reading the body learns the same).
 */
export function bearerRefusalResponse(refusal: BearerRefusal, metadataUrl: string): Response {
  const status = refusal.error === "insufficient_scope" ? 403 : 401;
  const message =
    status === 403
      ? `Forbidden: ${refusal.description ?? "the token lacks a scope this request needs"}`
      : `Unauthorized: ${refusal.description ?? "this endpoint needs a bearer token"}`;
  const body = { jsonrpc: "2.0", error: { code: -32001, message }, id: null };
  return new Response(JSON.stringify(body), {
    status,
    headers: {
      "content-type": "application/json",
      "www-authenticate": bearerChallenge(refusal, metadataUrl),
      "cache-control": "no-store",
    },
  });
}

// A quoted-string of RFC 9110 may not hold `"` or `\` unescaped; descriptions are ours, but stay safe.
function quoted(text: string): string {
  return text.replace(/[\\"]/g, (character) => `\\${character}`).replace(/[^\x20-\x7e]/g, "?");
}
