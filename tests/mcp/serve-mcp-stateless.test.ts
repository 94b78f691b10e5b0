import { type IncomingMessage, type Server, createServer, request } from "node:http";
import type { AddressInfo } from "node:net";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { type HttpMcpServerHandle, serveMcp } from "toolwright/mcp";
import { makeCalcAgent } from "./mcp-test-agents.js";
import { textOf } from "./text-of.js";

jest.setTimeout(20_000);

// A round-robin load balancer: each request goes to the next replica, as a balancer without sticky sessions does.
function balance(ports: readonly number[], seen: { port: number; sessionHeader: boolean }[]): Promise<Server> {
  let next = 0;
  const proxy = createServer((req: IncomingMessage, res) => {
    const port = ports[next++ % ports.length]!;
    seen.push({ port, sessionHeader: req.headers["mcp-session-id"] !== undefined });
    const upstream = request(
      { host: "127.0.0.1", port, path: req.url, method: req.method, headers: req.headers },
      (reply) => {
        res.writeHead(reply.statusCode ?? 502, reply.headers);
        reply.pipe(res);
      },
    );
    req.pipe(upstream);
  });
  return new Promise((resolve) => proxy.listen(0, "127.0.0.1", () => resolve(proxy)));
}

describe("serveMcp with stateless: true", () => {
  const replicas: HttpMcpServerHandle[] = [];
  const seen: { port: number; sessionHeader: boolean }[] = [];
  let proxy: Server;
  let client: Client;

  beforeAll(async () => {
    for (let i = 0; i < 2; i += 1) {
      replicas.push(await serveMcp(makeCalcAgent().agent, { transport: "http", port: 0, stateless: true }));
    }
    proxy = await balance(
      replicas.map((replica) => replica.port),
      seen,
    );
    const { port } = proxy.address() as AddressInfo;
    client = new Client({ name: "test-client", version: "1.0.0" });
    await client.connect(new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${port}/mcp`)));
  });

  afterAll(async () => {
    await client?.close();
    await new Promise((resolve) => proxy?.close(resolve));
    await Promise.all(replicas.map((replica) => replica.close()));
  });

  it("answers every request on whichever replica gets it when a balancer alternates between them", async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toContain("multiply");
    for (let i = 0; i < 3; i += 1) {
      const result = await client.callTool({ name: "multiply", arguments: { a: 6, b: i } });
      expect(textOf(result)).toBe(JSON.stringify({ product: 6 * i }));
    }
    expect(new Set(seen.map((entry) => entry.port)).size).toBe(2);
    expect(seen.some((entry) => entry.sessionHeader)).toBe(false); // no session was ever issued
  });

  it("refuses a call that needs approval when no session can carry an elicitation", async () => {
    const result = await client.callTool({ name: "reset", arguments: {} });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain("needs a human's approval");
  });

  it("answers 405 when a client opens a GET stream", async () => {
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(replicas[0]!.url, { method: "GET", headers: { accept: "text/event-stream" } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on("error", reject);
      req.end();
    });
    expect(status).toBe(405);
  });
});
