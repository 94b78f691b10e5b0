// What the authorization tests share: an agent whose tools need scopes, a token table standing in for an app's
// verifier, and an authorization server answered in memory (issuer https://as.example) that grants client_credentials
// tokens for the scopes and resource a client asks for, so the SDK client's own OAuth code runs end to end.
import { BaseAgent, type ToolCallContext, p, tool, ToolRegistry } from "toolwright";
import type { McpAuthOptions, McpTokenInfo } from "toolwright/mcp";

export const ISSUER = "https://as.example";

/** An agent with an open tool, one that needs `files:write`, and one that shows the call's auth. */
export class FilesAgent extends BaseAgent {
  static override agentName = "files_agent";

  @tool({ description: "Read a file", params: { path: p.string("Path") }, readOnly: true })
  read({ path }: { path: string }) {
    return `contents of ${path}`;
  }

  @tool({ description: "Delete a file", params: { path: p.string("Path") }, authScopes: ["files:write"] })
  remove({ path }: { path: string }) {
    return `deleted ${path}`;
  }

  @tool({ description: "Who am I", params: {}, readOnly: true })
  whoami(_args: Record<string, never>, context: ToolCallContext) {
    const { auth } = context;
    let frozen = false;
    try {
      (auth!.scopes as string[]).push("admin");
    } catch {
      frozen = true;
    }
    return { subject: auth?.subject, scopes: auth?.scopes, audience: auth?.audience, frozen };
  }
}

export function filesAgent(): FilesAgent {
  return new FilesAgent({ registry: new ToolRegistry() });
}

/** Tokens by value; `resource` is filled in once the server's URL is known. */
export class TokenTable {
  readonly tokens = new Map<string, McpTokenInfo>();
  resource = "";
  verified = 0;

  /** A token for `subject` with `scopes`, issued for this table's resource (or `audience`), expiring in an hour. */
  issue(value: string, subject: string, scopes: string[], audience?: string, expiresAt?: number): string {
    this.tokens.set(value, {
      subject,
      clientId: "client-1",
      scopes,
      audience: audience ?? this.resource,
      expiresAt: expiresAt ?? Math.floor(Date.now() / 1000) + 3600,
    });
    return value;
  }

  auth(extra: Partial<McpAuthOptions> = {}): McpAuthOptions {
    return {
      verifyToken: (token) => {
        this.verified += 1;
        if (token === "explodes") throw new Error("key kid-42 not found at https://internal.example/jwks");
        return this.tokens.get(token);
      },
      authorizationServers: [ISSUER],
      requiredScopes: ["mcp"],
      ...extra,
    };
  }
}

/**
 * A fake authorization server: its metadata, an authorization step the test plays the user's part in (`approve` the
 * URL the client sent its user to), and a token endpoint that exchanges the code for a token with the scopes and the
 * resource (audience) the client asked for. `grants` logs what was granted, in order.
 */
export function authorizationServer(table: TokenTable) {
  const grants: { scope: string; resource: string | null }[] = [];
  const codes = new Map<string, { scope: string; resource: string | null }>();
  let count = 0;
  const answer = async (url: string, init?: RequestInit): Promise<Response> => {
    const { pathname } = new URL(url);
    if (pathname === "/.well-known/oauth-authorization-server") {
      return Response.json({
        issuer: ISSUER,
        authorization_endpoint: `${ISSUER}/authorize`,
        token_endpoint: `${ISSUER}/token`,
        response_types_supported: ["code"],
        grant_types_supported: ["authorization_code"],
        code_challenge_methods_supported: ["S256"],
        token_endpoint_auth_methods_supported: ["none"],
      });
    }
    if (pathname === "/token" && init?.method === "POST") {
      const form = new URLSearchParams(String(init.body));
      const granted = codes.get(form.get("code") ?? "");
      if (granted === undefined) return Response.json({ error: "invalid_grant" }, { status: 400 });
      codes.delete(form.get("code")!);
      grants.push(granted);
      count += 1;
      const token = `issued-${count}`;
      table.issue(token, "user-1", granted.scope.split(" ").filter(Boolean), granted.resource ?? "none");
      return Response.json({ access_token: token, token_type: "Bearer", expires_in: 3600, scope: granted.scope });
    }
    return new Response("not found", { status: 404 });
  };
  return {
    grants,
    /** A fetch that sends requests for the authorization server to it and the rest to the network. */
    fetch: (url: string | URL, init?: RequestInit): Promise<Response> =>
      String(url).startsWith(ISSUER) ? answer(String(url), init) : fetch(url, init),
    /** The user approves what the authorization URL asks: returns the code the client exchanges. */
    approve(authorizationUrl: URL): string {
      const code = `code-${codes.size + grants.length + 1}`;
      const { searchParams } = authorizationUrl;
      codes.set(code, { scope: searchParams.get("scope") ?? "", resource: searchParams.get("resource") });
      return code;
    },
  };
}

/** The client side of an authorization-code flow, as an app implements the SDK's OAuthClientProvider. */
export class TestOAuthProvider {
  readonly redirectUrl = "http://localhost:9/callback";
  readonly clientMetadata = {
    client_name: "auth-test",
    redirect_uris: [this.redirectUrl],
    grant_types: ["authorization_code"],
    response_types: ["code"],
    token_endpoint_auth_method: "none",
  };
  /** Where the client last sent its user to authorize. */
  authorizationUrl: URL | undefined;
  #tokens: unknown;
  #verifier = "";
  #client: unknown = { client_id: "client-1" };

  clientInformation() {
    return this.#client as { client_id: string };
  }
  saveClientInformation(info: unknown) {
    this.#client = info;
  }
  tokens() {
    return this.#tokens as never;
  }
  saveTokens(tokens: unknown) {
    this.#tokens = tokens;
  }
  redirectToAuthorization(url: URL) {
    this.authorizationUrl = url;
  }
  saveCodeVerifier(verifier: string) {
    this.#verifier = verifier;
  }
  codeVerifier() {
    return this.#verifier;
  }
}
