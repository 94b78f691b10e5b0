import { request } from "node:http";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { ElicitRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { BaseAgent, ToolRegistry, tool } from "toolwright";
import { type HttpMcpServerHandle, serveMcp } from "toolwright/mcp";
import { makeCalcAgent } from "./mcp-test-agents.js";
import { textOf } from "./text-of.js";

jest.setTimeout(20_000);

type ElicitAnswer = { action: "accept"; content: { approve: boolean } } | { action: "decline" };

async function connect(url: string, answer?: ElicitAnswer): Promise<Client> {
  const capabilities = answer ? { elicitation: { form: {} } } : {};
  const client = new Client({ name: "test-client", version: "1.0.0" }, { capabilities });
  if (answer) client.setRequestHandler(ElicitRequestSchema, () => answer);
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  return client;
}

function rawPost(url: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: "POST", headers: { "content-type": "application/json", ...headers } }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on("error", reject);
    req.end(JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping" }));
  });
}

describe("serveMcp over Streamable HTTP", () => {
  const { agent } = makeCalcAgent();
  const seen: string[] = [];
  agent.on("before", (event) => void seen.push(event.toolName));
  let server: HttpMcpServerHandle;
  let client: Client;

  beforeAll(async () => {
    server = await serveMcp(agent, { transport: "http", port: 0 });
    client = await connect(server.url);
  });

  afterAll(async () => {
    await client?.close();
    await server?.close();
  });

  it("binds a free loopback port and reports it when asked for port 0", () => {
    expect(server.port).toBeGreaterThan(0);
    expect(server.url).toBe(`http://127.0.0.1:${server.port}/mcp`);
  });

  it("lists the agent's visible tools in MCP form, without the shared tool it may not use", async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(["multiply", "divide", "reset", "start-notification-stream", "add"]);
    const multiply = tools.find((t) => t.name === "multiply");
    expect(multiply?.annotations).toEqual({ readOnlyHint: true });
    expect(multiply?.inputSchema).toEqual({
      type: "object",
      properties: { a: { type: "number" }, b: { type: "number" } },
      required: ["a", "b"],
      additionalProperties: false,
    });
    expect(tools.find((t) => t.name === "reset")?.annotations).toEqual({ destructiveHint: true });
  });

  it("runs a valid call through agent.callTool, hooks included, with text and structured content", async () => {
    const result = await client.callTool({ name: "multiply", arguments: { a: 6, b: 7 } });
    expect(result.isError).toBeUndefined();
    expect(textOf(result)).toBe('{"product":42}');
    expect(result.structuredContent).toEqual({ product: 42 });
    expect(seen).toContain("multiply");
    expect(textOf(await client.callTool({ name: "add", arguments: { a: 2, b: 3 } }))).toBe("5");
  });

  it("answers invalid arguments with isError and the message naming the field, not a protocol error", async () => {
    const result = await client.callTool({ name: "multiply", arguments: { a: 6 } });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/^Error \(INVALID_ARGUMENTS\): .*b/);
  });

  it("answers a tool the agent may not use, and an unknown one, with isError", async () => {
    const denied = await client.callTool({ name: "shutdown", arguments: {} });
    expect(denied.isError).toBe(true);
    expect(textOf(denied)).toMatch(/PERMISSION_DENIED.*"shutdown" is not available to agent "calc_agent"/);
    const unknown = await client.callTool({ name: "nope", arguments: {} });
    expect(unknown.isError).toBe(true);
    expect(textOf(unknown)).toMatch(/TOOL_NOT_FOUND/);
  });

  it("answers a failing handler with isError and its message", async () => {
    const result = await client.callTool({ name: "divide", arguments: { a: 1, b: 0 } });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/division by zero/);
  });

  it("refuses a call that needs approval when the client cannot be asked, leaving nothing pending", async () => {
    const result = await client.callTool({ name: "reset", arguments: {} });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/APPROVAL_REQUIRED.*needs a human's approval/);
    expect(agent.approvals.pending()).toEqual([]);
  });

  it("asks the client's user through elicitation, and runs or rejects the call as answered", async () => {
    const yes = await connect(server.url, { action: "accept", content: { approve: true } });
    const no = await connect(server.url, { action: "decline" });
    try {
      expect(textOf(await yes.callTool({ name: "reset", arguments: {} }))).toBe("memory cleared");
      const refused = await no.callTool({ name: "reset", arguments: {} });
      expect(refused.isError).toBe(true);
      expect(textOf(refused)).toMatch(/declined/);
      expect(agent.approvals.pending()).toEqual([]);
    } finally {
      await Promise.all([yes.close(), no.close()]);
    }
  });

  it("refuses requests whose Host or Origin is not local (DNS rebinding)", async () => {
    expect(await rawPost(server.url, { host: "evil.example" })).toBe(403);
    expect(await rawPost(server.url, { origin: "http://evil.example" })).toBe(403);
    expect(await rawPost(server.url.replace("/mcp", "/other"), {})).toBe(404);
  });
});

describe("serveMcp approval with an agent approver", () => {
  it("lets the approver decide inside callTool, so no elicitation is needed", async () => {
    const { agent } = makeCalcAgent({ approver: () => true });
    const server = await serveMcp(agent, { transport: "http", port: 0, approval: "refuse" });
    const client = await connect(server.url);
    try {
      expect(textOf(await client.callTool({ name: "reset", arguments: {} }))).toBe("memory cleared");
    } finally {
      await client.close();
      await server.close();
    }
  });
});

describe("serveMcp close", () => {
  it("stops listening and ends open sessions", async () => {
    const { agent } = makeCalcAgent();
    const server = await serveMcp(agent, { transport: "http", port: 0 });
    const client = await connect(server.url);
    await server.close();
    await expect(rawPost(server.url, {})).rejects.toThrow(/ECONNREFUSED/);
    await client.close();
  });
});

function rawInitialize(url: string): Promise<{ status: number; body: string }> {
  const initialize = {
    jsonrpc: "2.0",
    id: 1,
    method: "initialize",
    params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "raw", version: "1.0.0" } },
  };
  return new Promise((resolve, reject) => {
    const headers = { "content-type": "application/json", accept: "application/json, text/event-stream" };
    const req = request(url, { method: "POST", headers }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on("error", reject);
    req.end(JSON.stringify(initialize));
  });
}

// Lets pending I/O callbacks run (setImmediate is not faked).
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe("serveMcp HTTP session limits", () => {
  afterEach(() => jest.useRealTimers());

  it("closes a session idle for sessionIdleTimeoutMs, each request restarting the count", async () => {
    // Only timers are faked: the sockets, and the promises and ticks they drive, run as usual.
    jest.useFakeTimers({ doNotFake: ["nextTick", "setImmediate", "queueMicrotask"] });
    const { agent } = makeCalcAgent();
    const server = await serveMcp(agent, { transport: "http", port: 0, sessionIdleTimeoutMs: 60_000 });
    const client = await connect(server.url);
    try {
      jest.advanceTimersByTime(59_000);
      await expect(client.listTools()).resolves.toHaveProperty("tools");
      jest.advanceTimersByTime(59_000);
      await expect(client.listTools()).resolves.toHaveProperty("tools");
      await settle(); // the server counts idle time from its response's end
      jest.advanceTimersByTime(60_001);
      await expect(client.listTools()).rejects.toThrow(/404|Session not found/);
    } finally {
      await client.close();
      await server.close();
    }
  });

  it("keeps a session whose call runs longer than sessionIdleTimeoutMs", async () => {
    jest.useFakeTimers({ doNotFake: ["nextTick", "setImmediate", "queueMicrotask"] });
    let markStarted = (): void => undefined;
    const started = new Promise<void>((resolve) => (markStarted = resolve));
    let finish = (): void => undefined;
    class Waiter extends BaseAgent {
      static override agentName = "waiter";
      @tool({ description: "Wait until the test lets it finish", timeoutMs: 3_600_000 })
      async wait() {
        markStarted();
        await new Promise<void>((resolve) => (finish = resolve));
        return "finished";
      }
    }
    const server = await serveMcp(new Waiter({ registry: new ToolRegistry() }), {
      transport: "http",
      port: 0,
      sessionIdleTimeoutMs: 60_000,
    });
    const client = await connect(server.url);
    try {
      const call = client.callTool({ name: "wait", arguments: {} }, undefined, { timeout: 3_600_000 });
      await started;
      jest.advanceTimersByTime(120_000);
      finish();
      expect(textOf(await call)).toBe("finished");
      await expect(client.listTools()).resolves.toHaveProperty("tools");
    } finally {
      await client.close();
      await server.close();
    }
  });

  it("answers 503 with a JSON-RPC error beyond maxSessions when every session is busy", async () => {
    let markStarted = (): void => undefined;
    const started = new Promise<void>((resolve) => (markStarted = resolve));
    let finish = (): void => undefined;
    class Busy extends BaseAgent {
      static override agentName = "busy";
      @tool({ description: "Wait until the test lets it finish" })
      async wait() {
        markStarted();
        await new Promise<void>((resolve) => (finish = resolve));
        return "finished";
      }
    }
    const server = await serveMcp(new Busy({ registry: new ToolRegistry() }), {
      transport: "http",
      port: 0,
      maxSessions: 1,
    });
    const first = await connect(server.url);
    try {
      const call = first.callTool({ name: "wait", arguments: {} });
      await started;
      const refused = await rawInitialize(server.url);
      expect(refused.status).toBe(503);
      const body = JSON.parse(refused.body) as { jsonrpc: string; error: { code: number; message: string } };
      expect(body).toMatchObject({ jsonrpc: "2.0", error: { code: -32000 } });
      expect(body.error.message).toMatch(/too many sessions/);
      finish();
      expect(textOf(await call)).toBe("finished");
      // Idle now: a new client takes its place.
      const second = await connect(server.url);
      await expect(second.listTools()).resolves.toHaveProperty("tools");
      await second.close();
    } finally {
      await first.close();
      await server.close();
    }
  });

  it("refuses a maxSessions or sessionIdleTimeoutMs that is not positive", async () => {
    const { agent } = makeCalcAgent();
    await expect(serveMcp(agent, { transport: "http", maxSessions: 0 })).rejects.toThrow(RangeError);
    await expect(serveMcp(agent, { transport: "http", sessionIdleTimeoutMs: -1 })).rejects.toThrow(RangeError);
  });
});
