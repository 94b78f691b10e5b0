// Bearer authorization of serveMcp over HTTP, through the official SDK clients over real HTTP: the 401 challenge and
// the Protected Resource Metadata the SDK discovers, the SDK's own OAuth flow (client_credentials against an
// in-memory authorization server) including its step-up on a 403 insufficient_scope, the token reaching the
// handler, and what an attacker tries (another audience, expired, header tricks, another subject's session).
import { request as httpRequest } from "node:http";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { UnauthorizedError, discoverOAuthProtectedResourceMetadata } from "@modelcontextprotocol/sdk/client/auth.js";
import { Client as Client2, StreamableHTTPClientTransport as Transport2 } from "@modelcontextprotocol/client";
import { type HttpMcpServerHandle, serveMcp } from "toolwright/mcp";
import { ISSUER, TestOAuthProvider, TokenTable, authorizationServer, filesAgent } from "./auth-fixtures.js";
import { textOf } from "./text-of.js";

jest.setTimeout(20_000);

const INIT = {
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "raw", version: "1" } },
};

function post(url: string, headers: Record<string, string> = {}, body: unknown = INIT) {
  return fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json, text/event-stream", ...headers },
    body: JSON.stringify(body),
  });
}

// A raw Node request that sends two Authorization header lines (Node's server keeps only the first in req.headers).
function postTwoTokens(url: string, tokens: string[]): Promise<{ status: number; challenge: string | undefined }> {
  return new Promise((resolve, reject) => {
    const headers = { "content-type": "application/json", accept: "application/json, text/event-stream" };
    const req = httpRequest(url, { method: "POST", headers }, (res) => {
      res.resume();
      resolve({ status: res.statusCode ?? 0, challenge: res.headers["www-authenticate"] });
    });
    req.setHeader("authorization", tokens);
    req.on("error", reject);
    req.end(JSON.stringify(INIT));
  });
}

async function withToken(url: string, token: string): Promise<Client> {
  const client = new Client({ name: "token-client", version: "1.0.0" });
  const transport = new StreamableHTTPClientTransport(new URL(url), {
    requestInit: { headers: { authorization: `Bearer ${token}` } },
  });
  await client.connect(transport);
  return client;
}

describe("serveMcp({ auth }) over Streamable HTTP", () => {
  const table = new TokenTable();
  let server: HttpMcpServerHandle;
  let metadataUrl: string;

  beforeAll(async () => {
    server = await serveMcp(filesAgent(), { transport: "http", port: 0, auth: table.auth() });
    table.resource = server.url;
    metadataUrl = `http://127.0.0.1:${server.port}/.well-known/oauth-protected-resource/mcp`;
    table.issue("alice", "alice", ["mcp"]);
    table.issue("alice-writer", "alice", ["mcp", "files:write"]);
    table.issue("bob", "bob", ["mcp"]);
    table.issue("no-mcp", "carol", ["files:write"]);
  });

  afterAll(async () => {
    await server?.close();
  });

  it("answers a request without a token 401, challenging with the metadata URL and the scopes to ask for", async () => {
    const response = await post(server.url);
    expect(response.status).toBe(401);
    expect(response.headers.get("www-authenticate")).toBe(`Bearer scope="mcp", resource_metadata="${metadataUrl}"`);
  });

  it("serves its Protected Resource Metadata where the challenge says and at the root, found by the SDK's discovery", async () => {
    const expected = {
      resource: server.url,
      authorization_servers: [ISSUER],
      bearer_methods_supported: ["header"],
      scopes_supported: ["mcp"],
    };
    expect(await (await fetch(metadataUrl)).json()).toEqual(expected);
    expect(await (await fetch(`http://127.0.0.1:${server.port}/.well-known/oauth-protected-resource`)).json()).toEqual(
      expected,
    );
    expect(await discoverOAuthProtectedResourceMetadata(new URL(server.url))).toMatchObject(expected);
  });

  it("lets the SDK client without credentials fail with the 401", async () => {
    const client = new Client({ name: "anonymous", version: "1.0.0" });
    await expect(client.connect(new StreamableHTTPClientTransport(new URL(server.url)))).rejects.toMatchObject({
      code: 401,
    });
  });

  it("runs the SDK's OAuth flow: 401 → metadata → authorize for this resource → calls; 403 on a scoped tool → step-up → the call runs", async () => {
    const as = authorizationServer(table);
    const provider = new TestOAuthProvider();
    const transportOf = () =>
      new StreamableHTTPClientTransport(new URL(server.url), { authProvider: provider, fetch: as.fetch });
    const first = transportOf();
    // No token: the SDK reads the 401, finds the metadata and the authorization server, and sends its user there.
    await expect(new Client({ name: "oauth", version: "1.0.0" }).connect(first)).rejects.toThrow(UnauthorizedError);
    expect(provider.authorizationUrl?.searchParams.get("scope")).toBe("mcp");
    expect(provider.authorizationUrl?.searchParams.get("resource")).toBe(server.url);
    await first.finishAuth(as.approve(provider.authorizationUrl!));
    const client = new Client({ name: "oauth", version: "1.0.0" });
    const transport = transportOf();
    await client.connect(transport);
    // The list shows every tool the agent may use, the scoped one too: a client can only step up for a tool it sees.
    const { tools } = await client.listTools();
    expect(tools.map((one) => one.name)).toEqual(["read", "remove", "whoami"]);
    // The 403 names every scope the call needs; the SDK sends its user to authorize exactly those.
    await expect(client.callTool({ name: "remove", arguments: { path: "a.txt" } })).rejects.toThrow(UnauthorizedError);
    expect(provider.authorizationUrl?.searchParams.get("scope")).toBe("mcp files:write");
    await transport.finishAuth(as.approve(provider.authorizationUrl!));
    expect(textOf(await client.callTool({ name: "remove", arguments: { path: "a.txt" } }))).toBe("deleted a.txt");
    expect(as.grants).toEqual([
      { scope: "mcp", resource: server.url },
      { scope: "mcp files:write", resource: server.url },
    ]);
    await client.close();
  });

  it("answers a tools/call the token lacks a scope for 403 insufficient_scope naming the scopes needed, on tools/call only", async () => {
    const client = await withToken(server.url, "alice");
    expect((await client.listTools()).tools).toHaveLength(3);
    expect(textOf(await client.callTool({ name: "read", arguments: { path: "x" } }))).toBe("contents of x");
    await expect(client.callTool({ name: "remove", arguments: { path: "x" } })).rejects.toMatchObject({ code: 403 });
    await client.close();
    const raw = await post(
      server.url,
      { authorization: "Bearer alice", "mcp-protocol-version": "2026-07-28" },
      {
        jsonrpc: "2.0",
        id: 2,
        method: "tools/call",
        params: { name: "remove", arguments: { path: "x" } },
      },
    );
    expect(raw.status).toBe(403);
    expect(raw.headers.get("www-authenticate")).toBe(
      `Bearer error="insufficient_scope", error_description="calling remove needs the scopes mcp files:write", ` +
        `scope="mcp files:write", resource_metadata="${metadataUrl}"`,
    );
  });

  it("hands the verified token to the handler as a frozen context.auth", async () => {
    const client = await withToken(server.url, "alice-writer");
    const result = await client.callTool({ name: "whoami", arguments: {} });
    expect(result.structuredContent ?? JSON.parse(textOf(result))).toEqual({
      subject: "alice",
      scopes: ["mcp", "files:write"],
      audience: [server.url],
      frozen: true,
    });
    expect(textOf(await client.callTool({ name: "remove", arguments: { path: "y" } }))).toBe("deleted y");
    await client.close();
  });

  it("serves 2026-07-28 clients the same: the v2 client's token provider, the 403 and the handler's auth", async () => {
    const connect = async (token: string) => {
      const client = new Client2({ name: "v2", version: "1.0.0" }, {
        versionNegotiation: { mode: { pin: "2026-07-28" } },
      } as never);
      await client.connect(new Transport2(new URL(server.url), { authProvider: { token: async () => token } }));
      return client;
    };
    const alice = await connect("alice");
    expect(textOf(await alice.callTool({ name: "read", arguments: { path: "z" } }))).toBe("contents of z");
    await expect(alice.callTool({ name: "remove", arguments: { path: "z" } })).rejects.toThrow(
      'Insufficient scope: required "mcp files:write"',
    );
    await alice.close();
    const writer = await connect("alice-writer");
    const who = await writer.callTool({ name: "whoami", arguments: {} });
    expect(who.structuredContent ?? JSON.parse(textOf(who as never))).toMatchObject({ subject: "alice" });
    await writer.close();
  });

  describe("refuses what an attacker tries", () => {
    it("a token issued for another resource", async () => {
      table.issue("elsewhere", "alice", ["mcp"], "https://other.example/mcp");
      const response = await post(server.url, { authorization: "Bearer elsewhere" });
      expect(response.status).toBe(401);
      expect(response.headers.get("www-authenticate")).toContain(`error="invalid_token"`);
      expect(response.headers.get("www-authenticate")).toContain("not issued for this resource");
    });

    it("an expired token", async () => {
      table.issue("stale", "alice", ["mcp"], undefined, Math.floor(Date.now() / 1000) - 1);
      const response = await post(server.url, { authorization: "Bearer stale" });
      expect(response.status).toBe(401);
      expect(response.headers.get("www-authenticate")).toContain("the token has expired");
    });

    it("an unknown token, and one whose verification throws, without the verifier's reason", async () => {
      for (const token of ["forged", "explodes"]) {
        const response = await post(server.url, { authorization: `Bearer ${token}` });
        expect(response.status).toBe(401);
        const text = `${response.headers.get("www-authenticate")} ${await response.text()}`;
        expect(text).toContain("the token was not accepted");
        expect(text).not.toContain("kid-42");
      }
    });

    it("a token without the endpoint's required scope: 403 naming it", async () => {
      const response = await post(server.url, { authorization: "Bearer no-mcp" });
      expect(response.status).toBe(403);
      expect(response.headers.get("www-authenticate")).toContain(`error="insufficient_scope"`);
      expect(response.headers.get("www-authenticate")).toContain(`scope="mcp"`);
    });

    it("two Authorization headers (Node would keep only the first), an empty token, another scheme, extra words", async () => {
      const two = await postTwoTokens(server.url, ["Bearer alice", "Bearer bob"]);
      expect(two.status).toBe(401);
      expect(two.challenge).toContain(`error="invalid_token"`);
      for (const header of ["Bearer ", "Bearer", "Basic YWxpY2U6eA==", "Bearer alice extra", "Bearer  alice"]) {
        const response = await post(server.url, { authorization: header });
        expect({ header, status: response.status }).toEqual({ header, status: 401 });
      }
    });

    it("a token in the query string (RFC 6750 §2.3 is not supported: it ends up in logs)", async () => {
      const response = await post(`${server.url}?access_token=alice`);
      expect(response.status).toBe(401);
      expect(response.headers.get("www-authenticate")).toContain(`error="invalid_token"`);
    });

    it("accepts the scheme in any case, as RFC 7235 says schemes are", async () => {
      const response = await post(server.url, { authorization: "bearer alice" });
      expect(response.status).toBe(200);
      await response.body?.cancel();
    });

    it("another subject's 2025-11-25 session: answered as no session at all", async () => {
      const client = await withToken(server.url, "alice");
      const sessionId = (client.transport as StreamableHTTPClientTransport).sessionId!;
      const list = { jsonrpc: "2.0", id: 3, method: "tools/list", params: {} };
      const headers = { "mcp-session-id": sessionId, "mcp-protocol-version": "2025-11-25" };
      const bob = await post(server.url, { ...headers, authorization: "Bearer bob" }, list);
      expect(bob.status).toBe(404);
      const alice = await post(server.url, { ...headers, authorization: "Bearer alice" }, list);
      expect(alice.status).toBe(200);
      await alice.body?.cancel();
      await client.close();
    });
  });
});

describe("serveMcp auth options", () => {
  it("throws at definition for an unknown key, a missing verifier or no authorization server", async () => {
    const agent = filesAgent();
    const verifyToken = () => undefined;
    await expect(
      serveMcp(agent, {
        transport: "http",
        auth: { verifyToken, authorizationServers: [ISSUER], requiredScope: ["x"] } as never,
      }),
    ).rejects.toThrow(/requiredScope.*requiredScopes/s);
    await expect(
      serveMcp(agent, { transport: "http", auth: { authorizationServers: [ISSUER] } as never }),
    ).rejects.toThrow(/verifyToken must be a function/);
    await expect(
      serveMcp(agent, { transport: "http", auth: { verifyToken, authorizationServers: [] } }),
    ).rejects.toThrow(/authorizationServers must list at least one/);
    await expect(
      serveMcp(agent, { transport: "http", auth: { verifyToken, authorizationServers: ["as.example"] } }),
    ).rejects.toThrow(/absolute http\(s\) URLs/);
  });
});
