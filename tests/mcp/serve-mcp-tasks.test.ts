// Background work as MCP Tasks (2026-07-28 Tasks extension): a call that outlives its time limit and goes to the
// background answers a client that opted in as a task, which it follows with tasks/get to the result or cancels.
import { BaseAgent, ToolRegistry, currentToolCall, p, tool } from "toolwright";
import { type HttpMcpServerHandle, serveMcp } from "toolwright/mcp";

jest.setTimeout(20_000);

const TASKS = "io.modelcontextprotocol/tasks";

class ReportAgent extends BaseAgent {
  static override agentName = "report_agent";
  @tool({ description: "Builds a report", params: { ms: p.integer() }, timeoutMs: 50, onTimeout: "background" })
  build({ ms }: { ms: number }) {
    const signal = currentToolCall()!.signal;
    return new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => resolve(`report after ${ms} ms`), ms);
      signal.addEventListener("abort", () => {
        clearTimeout(timer);
        reject(new Error("stopped"));
      });
    });
  }
}

type Rpc = { result?: Record<string, unknown>; error?: { code: number; message: string } };

async function rpc(url: string, method: string, params: Record<string, unknown>, extensions?: object): Promise<Rpc> {
  const capabilities = extensions === undefined ? {} : { extensions };
  const res = await fetch(url, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      "mcp-protocol-version": "2026-07-28",
      "mcp-method": method,
      // The 2026 transport mirrors the tool name (tools/call) or task id (tasks/*) in Mcp-Name.
      ...(typeof (params.name ?? params.taskId) === "string"
        ? { "mcp-name": String(params.name ?? params.taskId) }
        : {}),
    },
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method,
      params: {
        ...params,
        _meta: {
          "io.modelcontextprotocol/protocolVersion": "2026-07-28",
          "io.modelcontextprotocol/clientInfo": { name: "raw", version: "1" },
          "io.modelcontextprotocol/clientCapabilities": capabilities,
        },
      },
    }),
  });
  return (await res.json()) as Rpc;
}

const optIn = { [TASKS]: {} };

describe("serveMcp background work as Tasks (2026-07-28)", () => {
  let server: HttpMcpServerHandle;
  beforeAll(async () => {
    server = await serveMcp(new ReportAgent({ registry: new ToolRegistry() }), {
      transport: "http",
      tasks: { pollIntervalMs: 100 },
    });
  });
  afterAll(() => server?.close());

  const get = (taskId: unknown) => rpc(server.url, "tasks/get", { taskId }, optIn);

  it("answers a call that went to the background as a task, and tasks/get follows it to its result", async () => {
    const created = await rpc(server.url, "tools/call", { name: "build", arguments: { ms: 400 } }, optIn);
    expect(created.result).toMatchObject({ resultType: "task", status: "working", pollIntervalMs: 100 });
    const taskId = created.result!.taskId;
    expect(typeof taskId).toBe("string");
    expect((await get(taskId)).result).toMatchObject({ resultType: "complete", taskId, status: "working" });
    let done: Rpc | undefined;
    for (let i = 0; i < 50; i++) {
      done = await get(taskId);
      if (done.result?.status !== "working") break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(done!.result).toMatchObject({
      status: "completed",
      result: { content: [{ type: "text", text: "report after 400 ms" }] },
    });
  });

  it("cancels a task with tasks/cancel: the handler stops and the task reads cancelled", async () => {
    const created = await rpc(server.url, "tools/call", { name: "build", arguments: { ms: 5_000 } }, optIn);
    const taskId = created.result!.taskId;
    expect((await rpc(server.url, "tasks/cancel", { taskId }, optIn)).result).toMatchObject({});
    expect((await get(taskId)).result).toMatchObject({ status: "cancelled" });
  });

  it("answers an unknown task id with -32602", async () => {
    expect((await get("no-such-task")).error?.code).toBe(-32602);
  });

  it("advertises the extension, and keeps the plain answer for a client that did not opt in", async () => {
    const plain = await rpc(server.url, "tools/call", { name: "build", arguments: { ms: 200 } });
    expect(plain.result).toMatchObject({ resultType: "complete", isError: true });
    expect(JSON.stringify(plain.result)).toContain("goes on in background task");
    const discover = await rpc(server.url, "server/discover", {});
    expect(discover.result).toMatchObject({ capabilities: { extensions: { [TASKS]: {} } } });
  });
});
