import { request } from "node:http";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { BaseAgent, ToolRegistry, p, tool } from "toolwright";
import { type HttpMcpServerHandle, serveMcp } from "toolwright/mcp";

// Issue 23: stateless MCP over HTTP bounded nothing in flight: 500 parallel requests ran 50,100 handlers (+593 MB).
// Real requests on loopback; every wait is a bounded loop.

jest.setTimeout(30_000);

/** An agent whose `hold` calls wait until the test lets them go, counting how many run at once. */
function makeHoldingAgent() {
  const state = { running: 0, most: 0, release: () => {} };
  let gate = Promise.resolve();
  const close = () => {
    gate = new Promise<void>((resolve) => (state.release = resolve));
  };
  close();
  class Holder extends BaseAgent {
    static override agentName = "holder";
    @tool({ description: "Hold until released", params: { n: p.integer() }, concurrencySafe: true })
    async hold({ n }: { n: number }) {
      state.running += 1;
      state.most = Math.max(state.most, state.running);
      await gate;
      state.running -= 1;
      return { n };
    }
  }
  return { agent: new Holder({ registry: new ToolRegistry() }), state, close };
}

interface Reply {
  readonly status: number;
  readonly retryAfter: string | undefined;
  readonly body: string;
}

function post(url: string, body: unknown): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (text += chunk));
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, retryAfter: res.headers["retry-after"] as string, body: text }),
        );
      },
    );
    req.on("error", reject);
    req.end(JSON.stringify(body));
  });
}

const call = (id: number) => ({
  jsonrpc: "2.0",
  id,
  method: "tools/call",
  params: { name: "hold", arguments: { n: id } },
});

async function until(condition: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 500 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
  if (!condition()) throw new Error(`timed out waiting until ${what}`);
}

// Waits (boundedly) for every reply; a request the server holds instead of refusing fails the test, not the run.
async function allWithin(replies: readonly Promise<Reply>[], what: string): Promise<Reply[]> {
  const arrived: Reply[] = [];
  for (const reply of replies) void reply.then((value) => arrived.push(value));
  await until(() => arrived.length === replies.length, what);
  return Promise.all(replies);
}

describe("stateless MCP over HTTP in flight (issue 23)", () => {
  let server: HttpMcpServerHandle | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it("runs at most maxInFlight calls and answers 503 with Retry-After beyond it when requests come in parallel", async () => {
    const { agent, state } = makeHoldingAgent();
    server = await serveMcp(agent, { transport: "http", stateless: true, maxInFlight: 3 });
    const url = server.url;

    const admitted = [1, 2, 3].map((id) => post(url, call(id)));
    await until(() => state.running === 3, "three calls run");
    const refused = await allWithin(
      [4, 5, 6, 7, 8, 9, 10].map((id) => post(url, call(id))),
      "the seven calls beyond the limit are answered",
    ).finally(() => state.most > 3 && state.release());

    expect(refused.map((reply) => reply.status)).toEqual(Array(7).fill(503));
    expect(refused.every((reply) => reply.retryAfter === "1")).toBe(true);
    expect(JSON.parse(refused[0]!.body)).toEqual({
      jsonrpc: "2.0",
      id: null,
      error: { code: -32000, message: expect.stringContaining("at most 3 requests at once") },
    });
    expect(state.most).toBe(3);

    state.release();
    const answered = await Promise.all(admitted);
    expect(answered.map((reply) => reply.status)).toEqual([200, 200, 200]);
    expect(answered.map((reply) => reply.body.includes('\\"n\\":'))).toEqual([true, true, true]);

    // The slots come back once the responses have closed.
    let again: Reply | undefined;
    for (let i = 0; i < 100 && again?.status !== 200; i++) again = await post(url, call(11));
    expect(again?.status).toBe(200);
  });

  it("counts each message of a batch and refuses a batch larger than the limit with 400", async () => {
    const { agent, state } = makeHoldingAgent();
    state.release();
    server = await serveMcp(agent, { transport: "http", stateless: true, maxInFlight: 4 });

    const tooLarge = await post(server.url, [1, 2, 3, 4, 5].map(call));
    expect(tooLarge.status).toBe(400);
    expect(JSON.parse(tooLarge.body)).toMatchObject({
      error: { code: -32600, message: expect.stringContaining("5 messages") },
    });
    expect(state.most).toBe(0);

    const fits = await post(server.url, [1, 2, 3, 4].map(call));
    expect(fits.status).toBe(200);
    expect(state.most).toBe(4);
  });

  it("refuses a batch that would go past the limit while calls are in flight", async () => {
    const { agent, state } = makeHoldingAgent();
    server = await serveMcp(agent, { transport: "http", stateless: true, maxInFlight: 4 });
    const held = [post(server.url, call(1)), post(server.url, call(2))];
    await until(() => state.running === 2, "two calls run");

    const [batch] = await allWithin([post(server.url, [3, 4, 5].map(call))], "the batch is answered").finally(
      () => state.most > 2 && state.release(),
    );
    expect(batch?.status).toBe(503);
    expect(JSON.parse(batch!.body)).toMatchObject({ id: null, error: { code: -32000 } });
    expect(state.most).toBe(2);

    state.release();
    await Promise.all(held);
  });

  it("makes the SDK client's call fail with HTTP 503 when the server is full", async () => {
    const { agent, state } = makeHoldingAgent();
    server = await serveMcp(agent, { transport: "http", stateless: true, maxInFlight: 1 });
    const client = new Client({ name: "test-client", version: "1.0.0" });
    await client.connect(new StreamableHTTPClientTransport(new URL(server.url)));
    try {
      const held = post(server.url, call(1));
      await until(() => state.running === 1, "one call runs");

      const refused = client.callTool({ name: "hold", arguments: { n: 2 } }, undefined, { timeout: 5_000 });
      await expect(refused).rejects.toMatchObject({ code: 503 });

      state.release();
      await held;
      const result = await client.callTool({ name: "hold", arguments: { n: 3 } });
      expect(result.isError).toBeFalsy();
    } finally {
      state.release();
      await client.close();
    }
  });

  it("refuses a limit that is not a positive integer when the server starts", async () => {
    const { agent } = makeHoldingAgent();
    for (const maxInFlight of [0, -1, 2.5, Number.NaN]) {
      const outcome = await serveMcp(agent, { transport: "http", stateless: true, maxInFlight }).then(
        async (started) => {
          await started.close();
          return "started";
        },
        (error: unknown) => error,
      );
      expect(outcome).toBeInstanceOf(RangeError);
      expect(String(outcome)).toContain("maxInFlight must be a positive integer");
    }
  });
});
