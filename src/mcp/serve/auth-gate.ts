import type { AuthInfo } from "@modelcontextprotocol/server";
import type { CallAuth } from "../../tool/call-auth.js";
import { missingScopes } from "../../tool/call-auth.js";
import type { ExportableTool } from "../../tool/exportable-tool.js";
import { type BearerRefusal, bearerRefusalResponse, bearerTokenOf } from "./bearer-challenge.js";
import type { McpAuthOptions, McpTokenInfo } from "./mcp-auth-options.js";
import {
  canonicalResource,
  isMetadataRequest,
  metadataResponse,
  metadataUrlOf,
  resourceOf,
} from "./protected-resource.js";

/** A request the gate let in: who it is for, and the token (the SDK's handlers see both as `ctx.http.authInfo`). */
export interface AdmittedRequest {
  readonly auth: CallAuth;
  readonly token: string;
}

/** The authorization stage of the MCP route (mcp-route.ts), made from `auth` by {@link createAuthGate}. */
export interface AuthGate {
  /** The metadata document for a request for it; undefined for any other request. */
  metadata(request: Request): Response | undefined;
  /** Verifies the request's token: who it is for, or the 401 / 403 to answer. */
  admit(request: Request): Promise<AdmittedRequest | Response>;
  /** The 403 step-up answer for a body that calls a tool the token lacks scopes for; undefined to go on. */
  stepUp(request: Request, body: unknown, admitted: AdmittedRequest): Response | undefined;
}

/**
 * Makes the gate of one endpoint: `tools` reads the agent's tools (their `authScopes`) when a call is checked;
 * `path` is the endpoint's path (absent: a framework-mounted handler, any path).
 */
export function createAuthGate(
  auth: McpAuthOptions,
  tools: () => readonly ExportableTool[],
  path: string | undefined,
): AuthGate {
  const required = auth.requiredScopes ?? [];
  const refuse = (request: Request, refusal: BearerRefusal) =>
    bearerRefusalResponse(refusal, metadataUrlOf(resourceOf(auth, request)));
  // The scopes of a first authorization: a 401's `scope` (the MCP spec's scope selection reads it first).
  const initial = auth.scopesSupported ?? required;
  const invalid = (request: Request, description: string) =>
    refuse(request, { error: "invalid_token", description, scopes: initial });

  return {
    metadata: (request) => (isMetadataRequest(request, path) ? metadataResponse(auth, request, path) : undefined),

    async admit(request) {
      const token = bearerTokenOf(request);
      if (token === undefined) return refuse(request, { scopes: initial });
      if (token === null) return invalid(request, "the Authorization header must be one bearer token");
      let info: McpTokenInfo | undefined;
      try {
        info = await auth.verifyToken(token);
      } catch {
        // The verifier's reason may name internals (a key id, an upstream URL): the client learns only that it failed.
        info = undefined;
      }
      if (info === undefined || info === null) return invalid(request, "the token was not accepted");
      const resource = resourceOf(auth, request);
      const audience = typeof info.audience === "string" ? [info.audience] : (info.audience ?? []);
      if (!Array.isArray(audience) || !audience.some((one) => canonicalResource(String(one)) === resource)) {
        return invalid(request, "the token was not issued for this resource");
      }
      if (info.expiresAt !== undefined && !(info.expiresAt * 1000 > Date.now())) {
        return invalid(request, "the token has expired");
      }
      const called = frozenAuth(info, audience);
      const lacking = missingScopes(required, called);
      if (lacking.length > 0) {
        const description = `this endpoint needs the scopes ${required.join(" ")}`;
        return refuse(request, { error: "insufficient_scope", description, scopes: required });
      }
      return { auth: called, token };
    },

    stepUp(request, body, admitted) {
      const names = calledToolNames(body);
      if (names.length === 0) return undefined;
      const known = tools();
      const needed = new Set(required);
      for (const name of names) {
        for (const scope of known.find((tool) => tool.name === name)?.authScopes ?? []) needed.add(scope);
      }
      const all = [...needed];
      if (missingScopes(all, admitted.auth).length === 0) return undefined;
      // The scopes a token needs for this request, all of them (not only those missing): a client that asks for this
      // list gets a token that can make the call, whatever it held before.
      const description = `calling ${names.join(", ")} needs the scopes ${all.join(" ")}`;
      return refuse(request, { error: "insufficient_scope", description, scopes: all });
    },
  };
}

// What the app's verifier said, frozen into the call's auth. Scopes may come as the space-separated claim.
function frozenAuth(info: McpTokenInfo, audience: readonly string[]): CallAuth {
  const scopes = typeof info.scopes === "string" ? info.scopes.split(" ").filter(Boolean) : [...(info.scopes ?? [])];
  return Object.freeze({
    scopes: Object.freeze(scopes.map(String)),
    audience: Object.freeze(audience.map(String)),
    ...(info.subject === undefined ? {} : { subject: info.subject }),
    ...(info.clientId === undefined ? {} : { clientId: info.clientId }),
    ...(info.expiresAt === undefined ? {} : { expiresAt: info.expiresAt }),
    ...(info.extra === undefined ? {} : { extra: Object.freeze({ ...info.extra }) }),
  });
}

// The tools a JSON-RPC body calls: one message or a batch; anything that is not a `tools/call` is not looked at.
function calledToolNames(body: unknown): string[] {
  const messages = Array.isArray(body) ? body : [body];
  const names: string[] = [];
  for (const message of messages) {
    if (typeof message !== "object" || message === null) continue;
    const { method, params } = message as { method?: unknown; params?: { name?: unknown } };
    if (method === "tools/call" && typeof params?.name === "string") names.push(params.name);
  }
  return names;
}

// Where the call's auth rides inside the SDK's AuthInfo, from the route to the tools/call handler.
const CALL_AUTH = "toolwright.callAuth";

/** The SDK's form of an admitted request, handed to its transport so handlers see it as `ctx.http.authInfo`. */
export function sdkAuthInfo(admitted: AdmittedRequest): AuthInfo {
  const { auth, token } = admitted;
  return {
    token,
    clientId: auth.clientId ?? "",
    scopes: [...auth.scopes],
    ...(auth.expiresAt === undefined ? {} : { expiresAt: auth.expiresAt }),
    extra: { [CALL_AUTH]: auth },
  };
}

/** The call's auth the route admitted the request with (see {@link sdkAuthInfo}); undefined without `auth`. */
export function callAuthOf(ctx: { readonly http?: { readonly authInfo?: AuthInfo | undefined } | undefined }) {
  return ctx.http?.authInfo?.extra?.[CALL_AUTH] as CallAuth | undefined;
}
