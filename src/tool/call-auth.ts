/**
 * Who a call is made for, as the app's token verifier established it: `serveMcp({ auth })` and
 * `mcpFetchHandler(agent, { auth })` verify each HTTP request's bearer token and hand this to every tool call the
 * request makes (the handler's `context.auth`, the scope gate, the approver and the scope checker). Frozen: a handler
 * reads it and cannot change who it runs for.
 */
export interface CallAuth {
  /** The user (or service) the token was issued for: the token's `sub`, when the verifier gives it. */
  readonly subject?: string | undefined;
  /** The OAuth client the token was issued to, when the verifier gives it. */
  readonly clientId?: string | undefined;
  /** The scopes the token grants. A tool's `authScopes` are checked against them. */
  readonly scopes: readonly string[];
  /** When the token stops being valid, in seconds since the epoch (a JWT's `exp`), when the verifier gives it. */
  readonly expiresAt?: number | undefined;
  /** The resources the token was issued for (a JWT's `aud`), as the verifier gave them. */
  readonly audience?: readonly string[] | undefined;
  /** Anything else the verifier returned for the app's own use (a tenant, roles): never read by toolwright. */
  readonly extra?: Readonly<Record<string, unknown>> | undefined;
}

/** The scopes of `required` that `auth` does not grant (all of them when there is no auth). */
export function missingScopes(required: readonly string[], auth: CallAuth | undefined): string[] {
  if (auth === undefined) return [...required];
  const held = new Set(auth.scopes);
  return required.filter((scope) => !held.has(scope));
}
