// Two serveMcp replicas (two agents sharing one Redis store and one requestStateKey, as two processes behind a load
// balancer would): a 2026-07-28 client's approval asked by one replica is answered on the other, once; a background
// task started on one is followed to its result through tasks/get on the other.
import { createClient } from "redis";
import { BaseAgent, currentToolCall, p, tool } from "toolwright";
import { RedisStore } from "toolwright/redis";
import { type HttpMcpServerHandle, serveMcp } from "toolwright/mcp";
import { type TestRedis, startTestRedis } from "../store/redis-server.js";
import { type Rpc, TASKS_OPT_IN, rpc } from "../support/raw-mcp-2026.js";

// The raw client of these replicas follows tasks and can be asked (an approval's elicitation form).
const ASKS = { capabilities: { elicitation: { form: {} }, ...TASKS_OPT_IN } };

jest.setTimeout(60_000);

const ran: string[] = [];
const stopped: string[] = [];
const KEY = "a shared secret of at least thirty-two bytes";

class FleetAgent extends BaseAgent {
  static override agentName = "fleet_agent";
  @tool({ description: "Delete a note", params: { title: p.string() }, requiresApproval: true })
  remove({ title }: { title: string }) {
    ran.push(title);
    return `deleted ${title}`;
  }
  @tool({ description: "Waits until stopped", background: true })
  hang() {
    const signal = currentToolCall()!.signal;
    return new Promise<string>((_, reject) =>
      signal.addEventListener("abort", () => {
        stopped.push(String(signal.reason));
        reject(new Error("stopped"));
      }),
    );
  }
  @tool({ description: "Builds a report", timeoutMs: 50, onTimeout: "background" })
  async build() {
    await new Promise((resolve) => setTimeout(resolve, 300));
    return "report ready";
  }
}

describe("serveMcp replicas sharing a Redis store (2026-07-28)", () => {
  let redis: TestRedis;
  let client: ReturnType<typeof createClient>;
  let subscriber: ReturnType<typeof createClient>;
  const servers: HttpMcpServerHandle[] = [];

  beforeAll(async () => {
    redis = await startTestRedis();
    client = createClient({ url: redis.url });
    await client.connect();
    // The store's notices (pub/sub): a cancel written by one replica reaches the one running the task at once.
    subscriber = client.duplicate();
    await subscriber.connect();
    for (let i = 0; i < 2; i++) {
      const agent = new FleetAgent({
        store: new RedisStore({ client, subscriber, prefix: "mcp-replicas" }),
        storePollMs: 50,
      });
      servers.push(await serveMcp(agent, { transport: "http", requestStateKey: KEY }));
    }
  }, 300_000);

  afterAll(async () => {
    await Promise.all(servers.map((server) => server.close()));
    client?.destroy();
    subscriber?.destroy();
    await redis?.close();
  });

  it("answers an approval asked by one replica on the other, once", async () => {
    const [a, b] = servers.map((server) => server.url);
    const asked = await rpc(a!, "tools/call", { name: "remove", arguments: { title: "q3" } }, ASKS);
    expect(asked.result).toMatchObject({ resultType: "input_required" });
    const answer = {
      name: "remove",
      arguments: { title: "q3" },
      inputResponses: { approve: { action: "accept", content: { approve: true } } },
      requestState: asked.result!.requestState,
    };
    const done = await rpc(b!, "tools/call", answer, ASKS);
    expect(done.result).toMatchObject({ content: [{ type: "text", text: "deleted q3" }] });
    const replay = await rpc(a!, "tools/call", answer, ASKS);
    expect(replay.result).toMatchObject({ isError: true });
    expect(ran).toEqual(["q3"]);
  });

  it("follows a task started on one replica to its result through the other", async () => {
    const [a, b] = servers.map((server) => server.url);
    const created = await rpc(a!, "tools/call", { name: "build", arguments: {} }, ASKS);
    expect(created.result).toMatchObject({ resultType: "task" });
    const taskId = created.result!.taskId;
    let seen: Rpc | undefined;
    for (let i = 0; i < 100; i++) {
      seen = await rpc(b!, "tasks/get", { taskId }, ASKS);
      if (seen.result?.status === "completed") break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(seen!.result).toMatchObject({
      status: "completed",
      result: { content: [{ type: "text", text: "report ready" }] },
    });
  });

  it("stops a task running on one replica when the other receives tasks/cancel", async () => {
    const [a, b] = servers.map((server) => server.url);
    const created = await rpc(a!, "tools/call", { name: "hang", arguments: {} }, ASKS);
    expect(created.result).toMatchObject({ resultType: "task", status: "working" });
    const taskId = created.result!.taskId;
    expect((await rpc(b!, "tasks/cancel", { taskId }, ASKS)).result).toMatchObject({ resultType: "complete" });
    let seen: Rpc | undefined;
    for (let i = 0; i < 100; i++) {
      seen = await rpc(b!, "tasks/get", { taskId }, ASKS);
      if (seen.result?.status !== "working") break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(seen!.result).toMatchObject({ status: "cancelled" });
    expect(stopped).toEqual([expect.stringContaining("cancelled by the MCP client")]);
  });
});
