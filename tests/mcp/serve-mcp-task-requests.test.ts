// Calls that run as MCP tasks from their start: a `background: true` tool for a 2026-07-28 client of the Tasks
// extension (and -32021 for one without it), and any tool a 2025-11-25 client asks to run as a task (`params.task`,
// that revision's experimental tasks), followed with the official v1 client and through importMcpTools.
import { Client as V1Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport as V1Http } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { ElicitRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { BaseAgent, ToolRegistry, currentToolCall, p, tool } from "toolwright";
import { type HttpMcpServerHandle, importMcpTools, serveMcp } from "toolwright/mcp";
import { type Rpc, TASKS_EXTENSION as TASKS, rpc } from "../support/raw-mcp-2026.js";

jest.setTimeout(30_000);

class QueueAgent extends BaseAgent {
  static override agentName = "queue_agent";
  @tool({ description: "Adds", params: { a: p.integer(), b: p.integer() } })
  add({ a, b }: { a: number; b: number }) {
    return a + b;
  }
  @tool({ description: "Deploys", params: { to: p.string() }, requiresApproval: true, background: true })
  deploy({ to }: { to: string }) {
    return `deployed to ${to}`;
  }
  @tool({ description: "Renders a video", params: { ms: p.integer() }, background: true })
  render({ ms }: { ms: number }) {
    const signal = currentToolCall()!.signal;
    return new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => resolve(`rendered in ${ms} ms`), ms);
      signal.addEventListener("abort", () => {
        clearTimeout(timer);
        reject(new Error("stopped"));
      });
    });
  }
}

async function settle(url: string, taskId: unknown): Promise<Rpc> {
  for (;;) {
    const seen = await rpc(url, "tasks/get", { taskId });
    if (seen.result?.status !== "working") return seen;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe("MCP calls that run as tasks from their start", () => {
  let server: HttpMcpServerHandle;
  beforeAll(async () => {
    server = await serveMcp(new QueueAgent({ registry: new ToolRegistry() }), { transport: "http" });
  });
  afterAll(() => server?.close());

  it("2026: a background: true tool answers a task at once", async () => {
    const created = await rpc(server.url, "tools/call", { name: "render", arguments: { ms: 300 } });
    expect(created.result).toMatchObject({ resultType: "task", status: "working" });
    expect((await settle(server.url, created.result!.taskId)).result).toMatchObject({
      status: "completed",
      result: { content: [{ type: "text", text: "rendered in 300 ms" }] },
    });
  });

  it("2026: refuses a task-only tool to a client without the extension (-32021 naming it); other tools stay sync", async () => {
    const refused = await rpc(
      server.url,
      "tools/call",
      { name: "render", arguments: { ms: 10 } },
      { capabilities: {} },
    );
    expect(refused.error).toMatchObject({
      code: -32021,
      data: { requiredCapabilities: { extensions: { [TASKS]: {} } } },
    });
    // A legacy `task` param never promotes a sync tool to a task on 2026.
    const sync = await rpc(server.url, "tools/call", { name: "add", arguments: { a: 1, b: 2 }, task: {} });
    expect(sync.result).toMatchObject({ resultType: "complete", content: [{ type: "text", text: "3" }] });
  });

  it("2025: any tool the v1 client asks to run as a task runs as one; tasks/get, tasks/result, tasks/list", async () => {
    const client = new V1Client({ name: "v1", version: "1.0.0" });
    await client.connect(new V1Http(new URL(server.url)));
    expect(client.getServerCapabilities()?.tasks).toMatchObject({ requests: { tools: { call: {} } } });
    const { tools } = await client.listTools();
    expect(tools.find((t) => t.name === "add")?.execution).toEqual({ taskSupport: "optional" });
    expect(tools.find((t) => t.name === "render")?.execution).toEqual({ taskSupport: "required" });
    const seen: string[] = [];
    let result: unknown;
    const stream = client.experimental.tasks.callToolStream({ name: "add", arguments: { a: 2, b: 5 } }, undefined, {
      task: { ttl: 60_000 },
    });
    for await (const message of stream) {
      if (message.type === "taskCreated" || message.type === "taskStatus") seen.push(message.task.status);
      if (message.type === "result") result = message.result;
      if (message.type === "error") throw message.error;
    }
    expect(seen[0]).toBe("working");
    expect(result).toMatchObject({ content: [{ type: "text", text: "7" }] });
    const listed = await client.experimental.tasks.listTasks();
    expect(listed.tasks.some((task) => task.status === "completed")).toBe(true);
    await client.close();
  });

  it("2025: tasks/cancel stops the handler and answers the cancelled task; an ended task is -32602", async () => {
    const client = new V1Client({ name: "v1", version: "1.0.0" });
    await client.connect(new V1Http(new URL(server.url)));
    const stream = client.experimental.tasks.callToolStream({ name: "render", arguments: { ms: 10_000 } }, undefined, {
      task: { ttl: 60_000 },
    });
    let taskId: string | undefined;
    for await (const message of stream) {
      if (message.type === "taskCreated") {
        taskId = message.task.taskId;
        break;
      }
    }
    const cancelled = await client.experimental.tasks.cancelTask(taskId!);
    expect(cancelled).toMatchObject({ taskId, status: "cancelled" });
    await expect(client.experimental.tasks.getTask(taskId!)).resolves.toMatchObject({ status: "cancelled" });
    await expect(client.experimental.tasks.cancelTask(taskId!)).rejects.toThrow(/already ended/);
    await client.close();
  });

  it("2025: a call that needs approval is approved by elicitation first, then runs as the task it asked for", async () => {
    const client = new V1Client({ name: "v1", version: "1.0.0" }, { capabilities: { elicitation: { form: {} } } });
    const asked: string[] = [];
    client.setRequestHandler(ElicitRequestSchema, (request) => {
      asked.push(request.params.message);
      return { action: "accept", content: { approve: true, to: "staging" } };
    });
    await client.connect(new V1Http(new URL(server.url)));
    const stream = client.experimental.tasks.callToolStream(
      { name: "deploy", arguments: { to: "staging" } },
      undefined,
      { task: { ttl: 60_000 } },
    );
    const types: string[] = [];
    let result: unknown;
    for await (const message of stream) {
      types.push(message.type);
      if (message.type === "result") result = message.result;
      if (message.type === "error") throw message.error;
    }
    expect(asked).toEqual([expect.stringContaining('"deploy"')]);
    expect(types[0]).toBe("taskCreated");
    expect(result).toMatchObject({ content: [{ type: "text", text: "deployed to staging" }] });
    await client.close();
  });

  it("importMcpTools runs the served task-only tool as a task (toolwright to toolwright over 2025 tasks)", async () => {
    const registry = new ToolRegistry();
    const client = new V1Client({ name: "importer", version: "1.0.0" });
    await client.connect(new V1Http(new URL(server.url)));
    const imported = await importMcpTools(client, { registry, allowedAgents: ["caller"], prefix: "q_" });
    class Caller extends BaseAgent {
      static override agentName = "caller";
    }
    // Task-only there, a background tool here: the call answers its task at once, and the result arrives there.
    const caller = new Caller({ registry });
    const started = await caller.callTool("q_render", { ms: 50 });
    expect(started).toMatchObject({ outcome: "backgrounded", taskId: expect.any(String) });
    const result = await caller.tasks.wait((started as { taskId: string }).taskId);
    expect(result).toMatchObject({ ok: true, content: "rendered in 50 ms" });
    await imported.close();
    await client.close();
  });
});
