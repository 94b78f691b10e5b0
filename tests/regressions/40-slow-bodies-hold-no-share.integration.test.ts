// Issue 40, item 7: a request counted as in flight before its body was read, so slow-loris clients (headers and one
// byte of body) held every share of a stateless endpoint's maxInFlight, and everyone else got 503, for up to Node's
// 300 s request timeout. In-flight now counts from a complete body, and a body that does not arrive within
// bodyTimeoutMs is answered 408 and its socket closed. Raw sockets on loopback; every wait is bounded.
import { type Socket, connect } from "node:net";
import { BaseAgent, ToolRegistry, p, tool } from "toolwright";
import { type HttpMcpServerHandle, serveMcp } from "toolwright/mcp";

jest.setTimeout(20_000);

class Adder extends BaseAgent {
  static override agentName = "adder";
  @tool({ description: "Adds", params: { a: p.integer(), b: p.integer() } })
  add({ a, b }: { a: number; b: number }) {
    return a + b;
  }
}

const call = JSON.stringify({
  jsonrpc: "2.0",
  id: 1,
  method: "tools/call",
  params: { name: "add", arguments: { a: 2, b: 3 } },
});

/** Opens a socket that sends a POST's headers, announcing a body it then sends one byte of; collects what comes back. */
function slowClient(url: URL): { socket: Socket; received: () => string; closed: Promise<void> } {
  let text = "";
  const socket = connect(Number(url.port), url.hostname);
  socket.setEncoding("utf8");
  socket.on("data", (chunk: string) => (text += chunk));
  socket.on("error", () => undefined);
  const closed = new Promise<void>((resolve) => socket.once("close", () => resolve()));
  socket.write(
    `POST ${url.pathname} HTTP/1.1\r\nHost: ${url.host}\r\ncontent-type: application/json\r\n` +
      `accept: application/json, text/event-stream\r\ncontent-length: ${call.length}\r\n\r\n${call[0]}`,
  );
  return { socket, received: () => text, closed };
}

async function post(url: string): Promise<number> {
  const res = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
    body: call,
  });
  await res.text();
  return res.status;
}

describe("40.7: slow request bodies hold no in-flight share", () => {
  let server: HttpMcpServerHandle | undefined;
  const sockets: Socket[] = [];
  afterEach(async () => {
    for (const socket of sockets.splice(0)) socket.destroy();
    await server?.close();
    server = undefined;
  });

  it("answers others while slow clients send their bodies, then answers the slow ones 408 and closes them", async () => {
    server = await serveMcp(new Adder({ registry: new ToolRegistry() }), {
      transport: "http",
      stateless: true,
      maxInFlight: 2,
      bodyTimeoutMs: 500,
    });
    const url = new URL(server.url);
    const slow = [1, 2, 3].map(() => slowClient(url));
    sockets.push(...slow.map(({ socket }) => socket));
    // The slow clients' headers are in before the real request.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await post(server.url)).toBe(200);
    expect(await post(server.url)).toBe(200);

    await Promise.race([
      Promise.all(slow.map(({ closed }) => closed)),
      new Promise((_, reject) => setTimeout(() => reject(new Error("the slow sockets were not closed")), 5_000)),
    ]);
    for (const { received } of slow) {
      expect(received()).toMatch(/^HTTP\/1\.1 408 /);
      expect(received()).toContain("Request Timeout");
    }
  });

  it("refuses a bodyTimeoutMs that is not a positive number", async () => {
    await expect(
      serveMcp(new Adder({ registry: new ToolRegistry() }), { transport: "http", bodyTimeoutMs: 0 }),
    ).rejects.toThrow(/bodyTimeoutMs must be a positive number/);
  });
});
