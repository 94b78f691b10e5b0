// mcpFetchHandler end to end: the web-standard handler mounted on a Hono route and served by Hono's Node server (a
// fetch-style server, as Workers, Deno and Bun serve it), called by the official MCP client on both protocol
// revisions; and its request checks, called with plain Request objects as any runtime hands them over.
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { Hono } from "hono";
import { BaseAgent, ToolRegistry, p, tool } from "toolwright";
import { type McpFetchHandler, type McpFetchOptions, mcpFetchHandler } from "toolwright/mcp";
import { makeCalcAgent } from "./mcp-test-agents.js";
import { textOf } from "./text-of.js";

jest.setTimeout(30_000);

type Era = "legacy" | "modern";
const ERAS: Era[] = ["legacy", "modern"];
type Answer = { action: "accept"; content: { approve: boolean } } | { action: "decline" };

/** Serves `handler` at /mcp of a Hono app on a loopback port; resolves with the endpoint and a way to stop it. */
async function serveOnHono(handler: McpFetchHandler) {
  const app = new Hono();
  app.all("/mcp", (c) => handler(c.req.raw));
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const started = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, () => resolve(started));
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    async stop() {
      await handler.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

async function connect(url: string, era: Era, answer?: Answer): Promise<Client> {
  const capabilities = answer === undefined ? {} : { elicitation: { form: {} } };
  const client = new Client(
    { name: `fetch-${era}`, version: "1.0.0" },
    { capabilities, ...(era === "modern" ? { versionNegotiation: { mode: { pin: "2026-07-28" } } } : {}) },
  );
  if (answer !== undefined) client.setRequestHandler("elicitation/create", () => answer);
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  expect(client.getNegotiatedProtocolVersion()).toBe(era === "modern" ? "2026-07-28" : "2025-11-25");
  return client;
}

describe.each([{ stateless: false }, { stateless: true }])("mcpFetchHandler on a Hono route (%j)", (options) => {
  const { agent } = makeCalcAgent();
  let endpoint: Awaited<ReturnType<typeof serveOnHono>>;
  const clients: Client[] = [];
  const open = async (era: Era, answer?: Answer) => {
    const client = await connect(endpoint.url, era, answer);
    clients.push(client);
    return client;
  };

  beforeAll(async () => {
    endpoint = await serveOnHono(mcpFetchHandler(agent, options));
  });
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((client) => client.close()));
  });
  afterAll(() => endpoint?.stop());

  it.each(ERAS)("lists the agent's tools and runs a call through agent.callTool (%s)", async (era) => {
    const client = await open(era);
    const { tools } = await client.listTools();
    expect(tools.map((listed) => listed.name)).toEqual(
      expect.arrayContaining(["multiply", "divide", "reset", "start-notification-stream", "add"]),
    );
    expect(tools.map((listed) => listed.name)).not.toContain("shutdown");
    const result = await client.callTool({ name: "multiply", arguments: { a: 6, b: 7 } });
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toEqual({ product: 42 });
  });

  it.each(ERAS)("answers invalid arguments with isError naming the field (%s)", async (era) => {
    const client = await open(era);
    const result = await client.callTool({ name: "multiply", arguments: { a: "six", b: 7 } });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/INVALID_ARGUMENTS/);
    expect(textOf(result)).toMatch(/\/a/);
  });

  it.each(ERAS)(
    "runs a call that needs approval once the client's user approves, and not when declined (%s)",
    async (era) => {
      // A stateless 2025 endpoint has no session to carry the elicitation: the call is refused (see docs/mcp.md).
      const refusedWithoutSession = era === "legacy" && options.stateless;
      const yes = await open(era, { action: "accept", content: { approve: true } });
      const approved = await yes.callTool({ name: "reset", arguments: {} });
      if (refusedWithoutSession) {
        expect(approved.isError).toBe(true);
        expect(textOf(approved)).toMatch(/APPROVAL_REQUIRED/);
      } else {
        expect(approved.isError).toBeFalsy();
        expect(textOf(approved)).toBe("memory cleared");
      }
      const no = await open(era, { action: "decline" });
      const declined = await no.callTool({ name: "reset", arguments: {} });
      expect(declined.isError).toBe(true);
      expect(agent.approvals.pending()).toEqual([]);
    },
  );
});

const ping = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping" });

function post(url: string, headers: Record<string, string> = {}, body: BodyInit = ping): Request {
  return new Request(url, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json, text/event-stream", ...headers },
    body,
  });
}

const modernCall = (name: string, args: object) =>
  JSON.stringify({
    jsonrpc: "2.0",
    id: 1,
    method: "tools/call",
    params: {
      name,
      arguments: args,
      _meta: {
        "io.modelcontextprotocol/protocolVersion": "2026-07-28",
        "io.modelcontextprotocol/clientInfo": { name: "raw", version: "1" },
        "io.modelcontextprotocol/clientCapabilities": {},
      },
    },
  });
const modernHeaders = (name: string) => ({
  "mcp-protocol-version": "2026-07-28",
  "mcp-method": "tools/call",
  "mcp-name": name,
});

describe("mcpFetchHandler request checks", () => {
  const handlers: McpFetchHandler[] = [];
  const make = (options: McpFetchOptions = {}, agent: BaseAgent = makeCalcAgent().agent) => {
    const handler = mcpFetchHandler(agent, options);
    handlers.push(handler);
    return handler;
  };
  afterEach(async () => {
    await Promise.all(handlers.splice(0).map((handler) => handler.close()));
  });

  it("refuses a web page of another origin, and lets the endpoint's own origin and listed origins through", async () => {
    const handler = make();
    expect((await handler(post("https://mcp.example/mcp", { origin: "https://evil.example" }))).status).toBe(403);
    expect((await handler(post("https://mcp.example/mcp", { origin: "null" }))).status).toBe(403);
    expect((await handler(post("https://mcp.example/mcp", { origin: "https://mcp.example" }))).status).not.toBe(403);
    const listed = make({ allowedOrigins: ["https://app.example"] });
    expect((await listed(post("https://mcp.example/mcp", { origin: "https://app.example" }))).status).not.toBe(403);
    expect((await listed(post("https://mcp.example/mcp", { origin: "https://mcp.example" }))).status).toBe(403);
  });

  it("refuses a Host it was not told to answer for (DNS rebinding) when allowedHosts is set", async () => {
    const handler = make({ allowedHosts: ["localhost", "127.0.0.1", "::1"] });
    const refused = await handler(post("http://evil.example:8787/mcp"));
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({
      jsonrpc: "2.0",
      id: null,
      error: { code: -32000, message: expect.stringContaining("Forbidden") },
    });
    expect((await handler(post("http://localhost:8787/mcp"))).status).not.toBe(403);
    expect((await handler(post("http://[::1]:8787/mcp"))).status).not.toBe(403);
  });

  it("answers 404 for another path when given a path, 413 for a body over 4 MB, 400 for one that is not JSON", async () => {
    const handler = make({ path: "/mcp" });
    expect((await handler(post("http://localhost/other"))).status).toBe(404);
    expect((await handler(post("http://localhost/mcp", {}, "x".repeat(4 * 1024 * 1024 + 1)))).status).toBe(413);
    const notJson = await handler(post("http://localhost/mcp", {}, "{"));
    expect(notJson.status).toBe(400);
    expect(((await notJson.json()) as { error: { code: number } }).error.code).toBe(-32700);
  });

  it("answers 408 when the body does not arrive within bodyTimeoutMs", async () => {
    const handler = make({ bodyTimeoutMs: 50 });
    // A body that sends one byte and then nothing, as a slow client does.
    const stalled = new ReadableStream<Uint8Array>({
      start: (controller) => controller.enqueue(new TextEncoder().encode("{")),
    });
    const init = { duplex: "half" } as RequestInit;
    const response = await handler(new Request(post("http://localhost/mcp", {}, stalled), init));
    expect(response.status).toBe(408);
  });

  it("answers 503 with Retry-After beyond maxInFlight, and takes requests again once a response has ended", async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let started = () => {};
    const running = new Promise<void>((resolve) => (started = resolve));
    class Holder extends BaseAgent {
      static override agentName = "holder";
      @tool({ description: "Holds until released", params: { n: p.integer() } })
      async hold({ n }: { n: number }) {
        started();
        await held;
        return n;
      }
    }
    const handler = make({ maxInFlight: 1 }, new Holder({ registry: new ToolRegistry() }));
    const first = handler(post("http://localhost/mcp", modernHeaders("hold"), modernCall("hold", { n: 1 })));
    // The first call holds the only share until its response has been read to its end.
    await running;
    const busy = await handler(post("http://localhost/mcp", modernHeaders("hold"), modernCall("hold", { n: 2 })));
    expect(busy.status).toBe(503);
    expect(busy.headers.get("retry-after")).toBe("1");
    release();
    expect(await (await first).text()).toContain('"text":"1"');
    const again = await handler(post("http://localhost/mcp", modernHeaders("hold"), modernCall("hold", { n: 3 })));
    expect(again.status).toBe(200);
    expect(await again.text()).toContain('"text":"3"');
  });

  it("answers 405 to a GET stream when stateless: there is no session to stream from", async () => {
    const handler = make({ stateless: true });
    const response = await handler(new Request("http://localhost/mcp", { headers: { accept: "text/event-stream" } }));
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("POST");
  });

  it("throws at once for an unknown option or a limit that is not positive", () => {
    const { agent } = makeCalcAgent();
    expect(() => mcpFetchHandler(agent, { stateles: true } as McpFetchOptions)).toThrow(/stateless/);
    expect(() => mcpFetchHandler(agent, { maxInFlight: 0 })).toThrow(/mcpFetchHandler: maxInFlight must be a positive/);
    expect(() => mcpFetchHandler(agent, { port: 3000 } as McpFetchOptions)).toThrow(/port/);
  });
});
