// mcpFetchHandler with `auth`, mounted by a framework (a Hono app on its Node server, so real HTTP) without a `path`
// option: the endpoint and its metadata routes reach the same handler, which answers each. Called by the official
// SDK clients (v1 and v2) with and without tokens.
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { discoverOAuthProtectedResourceMetadata } from "@modelcontextprotocol/sdk/client/auth.js";
import { Client as Client2, StreamableHTTPClientTransport as Transport2 } from "@modelcontextprotocol/client";
import { Hono } from "hono";
import { type McpFetchHandler, mcpFetchHandler } from "toolwright/mcp";
import { ISSUER, TokenTable, filesAgent } from "./auth-fixtures.js";
import { textOf } from "./text-of.js";

jest.setTimeout(20_000);

async function serveOnHono(handler: McpFetchHandler) {
  const app = new Hono();
  app.all("/api/mcp", (c) => handler(c.req.raw));
  app.get("/.well-known/oauth-protected-resource/*", (c) => handler(c.req.raw));
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const started = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, () => resolve(started));
  });
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    async stop() {
      await handler.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

describe("mcpFetchHandler(agent, { auth })", () => {
  const table = new TokenTable();
  let served: Awaited<ReturnType<typeof serveOnHono>>;
  let url: string;

  beforeAll(async () => {
    served = await serveOnHono(mcpFetchHandler(filesAgent(), { auth: table.auth({ resourceName: "Files" }) }));
    url = `${served.origin}/api/mcp`;
    table.resource = url;
    table.issue("alice", "alice", ["mcp"]);
    table.issue("writer", "alice", ["mcp", "files:write"]);
  });

  afterAll(async () => {
    await served?.stop();
  });

  it("challenges a request without a token with the path-suffixed metadata URL, which it serves", async () => {
    const response = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
      body: "{}",
    });
    expect(response.status).toBe(401);
    const metadataUrl = `${served.origin}/.well-known/oauth-protected-resource/api/mcp`;
    expect(response.headers.get("www-authenticate")).toBe(`Bearer scope="mcp", resource_metadata="${metadataUrl}"`);
    const document = await discoverOAuthProtectedResourceMetadata(new URL(url));
    expect(document).toMatchObject({ resource: url, authorization_servers: [ISSUER], resource_name: "Files" });
  });

  it("serves the v1 client with a token (403 for a tool it lacks the scope of), and the v2 client with the scope", async () => {
    const client = new Client({ name: "v1", version: "1.0.0" });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: { authorization: "Bearer alice" } } }),
    );
    expect(textOf(await client.callTool({ name: "read", arguments: { path: "p" } }))).toBe("contents of p");
    await expect(client.callTool({ name: "remove", arguments: { path: "p" } })).rejects.toMatchObject({ code: 403 });
    await client.close();
    const modern = new Client2({ name: "v2", version: "1.0.0" }, {
      versionNegotiation: { mode: { pin: "2026-07-28" } },
    } as never);
    await modern.connect(new Transport2(new URL(url), { authProvider: { token: async () => "writer" } }));
    expect(textOf(await modern.callTool({ name: "remove", arguments: { path: "p" } }))).toBe("deleted p");
    await modern.close();
  });

  it("refuses a token issued for the same host at another path (audience is the whole resource URL)", async () => {
    table.issue("sibling", "alice", ["mcp"], `${served.origin}/other/mcp`);
    const response = await fetch(url, { method: "POST", headers: { authorization: "Bearer sibling" }, body: "{}" });
    expect(response.status).toBe(401);
    expect(response.headers.get("www-authenticate")).toContain("not issued for this resource");
  });
});

describe("mcpFetchHandler auth with a fixed resource identifier", () => {
  it("checks audiences against `resource`, not the URL the request arrived at (a proxy in front)", async () => {
    const table = new TokenTable();
    table.resource = "https://mcp.example.com/mcp";
    table.issue("public", "alice", ["mcp"]);
    table.issue("internal", "alice", ["mcp"], "http://10.0.0.5/mcp");
    const handler = mcpFetchHandler(filesAgent(), { auth: table.auth({ resource: "https://mcp.example.com/mcp/" }) });
    const post = (token: string) =>
      handler(
        new Request("http://10.0.0.5/mcp", {
          method: "POST",
          headers: {
            authorization: `Bearer ${token}`,
            "content-type": "application/json",
            accept: "application/json, text/event-stream",
          },
          body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping" }),
        }),
      );
    expect((await post("internal")).status).toBe(401);
    const accepted = await post("public");
    expect(accepted.status).not.toBe(401);
    await accepted.body?.cancel();
    const metadata = await handler(new Request("http://10.0.0.5/.well-known/oauth-protected-resource/mcp"));
    expect(await metadata.json()).toMatchObject({ resource: "https://mcp.example.com/mcp" });
    const challenge = (await post("nothing")).headers.get("www-authenticate");
    expect(challenge).toContain(`resource_metadata="https://mcp.example.com/.well-known/oauth-protected-resource/mcp"`);
    await handler.close();
  });
});
