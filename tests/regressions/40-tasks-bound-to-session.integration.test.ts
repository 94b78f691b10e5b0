// Issue 40, item 9: on 2025-11-25, `tasks/list` answered every task of the agent's store scope, so any session listed
// other sessions' (and the app's own) task ids, then read their results or cancelled them. A session's task methods
// now answer only the tasks that session started. Two sessions of the official SDK client, over Streamable HTTP.
import { Client as V1Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport as V1Http } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { CallToolResultSchema } from "@modelcontextprotocol/sdk/types.js";
import { BaseAgent, ToolRegistry, currentToolCall, p, tool } from "toolwright";
import { type HttpMcpServerHandle, serveMcp } from "toolwright/mcp";

jest.setTimeout(30_000);

class VaultAgent extends BaseAgent {
  static override agentName = "vault_agent";
  @tool({ description: "Reads a secret", params: { key: p.string() } })
  secret({ key }: { key: string }) {
    return `the secret of ${key}`;
  }
  @tool({ description: "Runs a long job", params: { ms: p.integer() } })
  job({ ms }: { ms: number }) {
    const signal = currentToolCall()!.signal;
    return new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => resolve(`done after ${ms} ms`), ms);
      signal.addEventListener("abort", () => {
        clearTimeout(timer);
        reject(new Error("stopped"));
      });
    });
  }
}

async function connect(url: string): Promise<V1Client> {
  const client = new V1Client({ name: "v1", version: "1.0.0" });
  await client.connect(new V1Http(new URL(url)));
  return client;
}

// Starts a call as a 2025 task and returns its id as soon as the server created it.
async function startTask(client: V1Client, name: string, args: Record<string, unknown>): Promise<string> {
  const stream = client.experimental.tasks.callToolStream({ name, arguments: args }, undefined, {
    task: { ttl: 60_000 },
  });
  for await (const message of stream) {
    if (message.type === "taskCreated") return message.task.taskId;
    if (message.type === "error") throw message.error;
  }
  throw new Error("no task was created");
}

describe("40.9: 2025-11-25 tasks are bound to the session that started them", () => {
  let agent: VaultAgent;
  let server: HttpMcpServerHandle;
  let a: V1Client;
  let b: V1Client;
  beforeAll(async () => {
    agent = new VaultAgent({ registry: new ToolRegistry() });
    server = await serveMcp(agent, { transport: "http" });
    a = await connect(server.url);
    b = await connect(server.url);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await server?.close();
  });

  it("session B cannot list, read, wait for or cancel session A's task; A still can", async () => {
    const finished = await startTask(a, "secret", { key: "A" });
    const running = await startTask(a, "job", { ms: 5_000 });
    await agent.tasks.wait(finished);

    const listedByB = await b.experimental.tasks.listTasks();
    expect(listedByB.tasks.map((task) => task.taskId)).toEqual([]);
    for (const taskId of [finished, running]) {
      await expect(b.experimental.tasks.getTask(taskId)).rejects.toThrow(/Unknown task/);
      await expect(b.experimental.tasks.getTaskResult(taskId, CallToolResultSchema)).rejects.toThrow(/Unknown task/);
      await expect(b.experimental.tasks.cancelTask(taskId)).rejects.toThrow(/Unknown task/);
    }

    // A's own tasks are untouched by B's attempts: still listed, the running one still running.
    const listedByA = await a.experimental.tasks.listTasks();
    expect(listedByA.tasks.map((task) => task.taskId).sort()).toEqual([finished, running].sort());
    expect(await a.experimental.tasks.getTask(running)).toMatchObject({ taskId: running, status: "working" });
    expect(await a.experimental.tasks.getTaskResult(finished, CallToolResultSchema)).toMatchObject({
      content: [{ type: "text", text: "the secret of A" }],
    });
    expect(await a.experimental.tasks.cancelTask(running)).toMatchObject({ taskId: running, status: "cancelled" });
  });

  it("a session never lists nor reads the app's own background tasks", async () => {
    const own = await agent.callTool("secret", { key: "app" }, { background: true });
    expect(own.outcome).toBe("backgrounded");
    await agent.tasks.wait(own.taskId!);
    const listed = await b.experimental.tasks.listTasks();
    expect(listed.tasks.map((task) => task.taskId)).not.toContain(own.taskId);
    await expect(b.experimental.tasks.getTaskResult(own.taskId!, CallToolResultSchema)).rejects.toThrow(/Unknown task/);
  });
});
