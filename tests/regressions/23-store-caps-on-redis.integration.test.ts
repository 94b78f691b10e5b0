import { BaseAgent, type PendingApproval, ToolRegistry, type ToolResult, p, tool } from "toolwright";
import { type OwnedRedisStore, createRedisStore } from "toolwright/redis";
import { createClient } from "redis";
import { type TestRedis, startTestRedis } from "../store/redis-server.js";

// Issue 23 on a real redis-server: with a store, `maxPendingApprovals` and `maxTasks` were ignored, and 40,000
// pending approvals made an idle process send ~26,000 reads a second while a listing blocked Redis for 316 ms. Each
// store below has its own connections, so the racing agents are as separate as two processes are to Redis.

let redis: TestRedis;
let stores: OwnedRedisStore[];
let admin: ReturnType<typeof createClient>;
beforeAll(async () => {
  redis = await startTestRedis();
  stores = await Promise.all([0, 1].map(() => createRedisStore({ url: redis.url, prefix: "caps" })));
  admin = createClient({ url: redis.url });
  await admin.connect();
});
afterAll(async () => {
  admin.destroy();
  for (const store of stores) await store.close();
  await redis.close();
});

let running = 0;
let openGate = () => {};
const gate = new Promise<void>((resolve) => (openGate = resolve));
class Ops extends BaseAgent {
  static override agentName = "ops";
  @tool({ description: "Remove", params: { name: p.string() }, requiresApproval: true })
  remove({ name }: { name: string }) {
    return `removed ${name}`;
  }
  @tool({ description: "Rebuild", params: { ms: p.integer() }, timeoutMs: 20, onTimeout: "background" })
  async rebuild({ ms }: { ms: number }, { signal }: { signal: AbortSignal }) {
    running += 1;
    try {
      // ms < 0: until the test opens the gate, so no task ends while the cap is being tested, however slow the box.
      await new Promise<void>((resolve) => {
        const timer = ms < 0 ? undefined : setTimeout(resolve, ms);
        void gate.then(() => ms < 0 && resolve());
        signal.addEventListener("abort", () => (clearTimeout(timer), resolve()), { once: true });
      });
      return "rebuilt";
    } finally {
      running -= 1;
    }
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const replica = (store: OwnedRedisStore, scope: string, options: object = {}) =>
  new Ops({ registry: new ToolRegistry({ scope }), store, ...options });

/** Calls per command since the last CONFIG RESETSTAT, from INFO commandstats. */
async function commandCalls(): Promise<Record<string, number>> {
  const info = await admin.sendCommand(["INFO", "commandstats"]);
  const calls: Record<string, number> = {};
  for (const [, name, count] of String(info).matchAll(/cmdstat_([^:]+):calls=(\d+)/g)) calls[name!] = Number(count);
  return calls;
}

describe("caps with a Redis store (issue 23)", () => {
  it("holds maxPendingApprovals per scope atomically across connections, with the eviction event", async () => {
    const evicted: PendingApproval[] = [];
    const options = { maxPendingApprovals: 5, onApprovalEvicted: (a: PendingApproval) => void evicted.push(a) };
    const [a, b] = stores.map((store) => replica(store, "pending-race", options));
    await Promise.all(Array.from({ length: 60 }, (_, i) => (i % 2 ? a! : b!).callTool("remove", { name: String(i) })));
    const listed = await a!.approvals.list();
    expect(listed).toHaveLength(5);
    expect(evicted).toHaveLength(55);
    expect(new Set([...listed, ...evicted].map((x) => x.id)).size).toBe(60);
    await expect(b!.approvals.approve(evicted[0]!.id)).rejects.toMatchObject({ code: "APPROVAL_NOT_FOUND" });
  });

  it("runs at most maxTasks background handlers per scope across connections", async () => {
    running = 0;
    const [a, b] = stores.map((store) => replica(store, "task-race", { maxTasks: 5 }));
    const results: ToolResult[] = await Promise.all(
      Array.from({ length: 40 }, (_, i) => (i % 2 ? a! : b!).callTool("rebuild", { ms: -1 })),
    );
    expect(results.filter((r) => r.outcome === "backgrounded")).toHaveLength(5);
    expect(results.filter((r) => r.outcome === "timed_out")).toHaveLength(35);
    await sleep(50);
    expect(running).toBe(5);
    openGate();
  });

  it("sends no command while idle with 2,000 pending approvals, and lists them in short pages", async () => {
    const agent = replica(stores[0]!, "idle", { maxPendingApprovals: 10_000, storePollMs: 20 });
    for (let i = 0; i < 2_000; i += 50) {
      await Promise.all(Array.from({ length: 50 }, (_, j) => agent.callTool("remove", { name: String(i + j) })));
    }
    await admin.sendCommand(["CONFIG", "RESETSTAT"]);
    await sleep(1_000);
    const idle = await commandCalls();
    delete idle["config|resetstat"];
    delete idle.info;
    expect(idle).toEqual({});

    const listed = await replica(stores[1]!, "idle").approvals.list();
    expect(listed).toHaveLength(2_000);
    expect(new Set(listed.map((x) => x.args.name)).size).toBe(2_000);
    // Pages of at most 200 records: the listing is ten short scripts, not one that reads every record.
    expect((await commandCalls()).evalsha).toBeGreaterThanOrEqual(10);
  }, 30_000); // 2,000 requests on a shared, loaded CI machine: the behaviour is the command count, not the time

  it("tells the requesting replica of a decision made elsewhere, without polling", async () => {
    const requester = replica(stores[0]!, "notice", { storePollMs: 600_000 });
    const approver = replica(stores[1]!, "notice");
    const heard: ToolResult[] = [];
    requester.on("after", (event) => {
      if (event.result?.outcome !== "awaiting_approval") heard.push(event.result!);
    });
    const { approvalId } = await requester.callTool("remove", { name: "B-7" });
    await approver.approvals.approve(approvalId!);
    for (let i = 0; i < 100 && heard.length === 0; i += 1) await sleep(10);
    expect(heard).toMatchObject([{ ok: true, content: "removed B-7" }]);
  });

  it("reads again what it waits for once its subscriber reconnects, so a notice lost meanwhile costs nothing", async () => {
    const requester = replica(stores[0]!, "resync", { storePollMs: 600_000 });
    const approver = replica(stores[1]!, "resync");
    const heard: ToolResult[] = [];
    requester.on("after", (event) => {
      if (event.result?.outcome !== "awaiting_approval") heard.push(event.result!);
    });
    const { approvalId } = await requester.callTool("remove", { name: "K-1" });
    // Drop every subscriber connection and keep them out (no room for another client) while the call is decided:
    // its notice reaches no one.
    // The room is closed before the kill: set after it, a subscriber that reconnects at once (a loaded box) gets in.
    const connected = Number(/connected_clients:(\d+)/.exec(String(await admin.sendCommand(["INFO", "clients"])))![1]);
    const subscribers = String(await admin.sendCommand(["CLIENT", "LIST", "TYPE", "pubsub"]))
      .split("\n")
      .filter((line) => line.trim() !== "").length;
    await admin.sendCommand(["CONFIG", "SET", "maxclients", String(connected - subscribers)]);
    expect(Number(await admin.sendCommand(["CLIENT", "KILL", "TYPE", "pubsub"]))).toBe(subscribers);
    try {
      await approver.approvals.approve(approvalId!);
      await sleep(200);
      expect(heard).toEqual([]);
    } finally {
      await admin.sendCommand(["CONFIG", "SET", "maxclients", "10000"]);
    }
    for (let i = 0; i < 300 && heard.length === 0; i += 1) await sleep(10);
    expect(heard).toMatchObject([{ ok: true, content: "removed K-1" }]);
  });

  // A waiter that has the tool takes the task over (issue 24) rather than marking it lost; one without the tool marks
  // it lost (tests/store/run-takeover.integration.test.ts). Either way the lease running out is noticed unannounced.
  it("takes a task over for a waiter once its runner's lease runs out, with no notice from the runner", async () => {
    const runnerStore = await createRedisStore({ url: redis.url, prefix: "caps" });
    const runner = replica(runnerStore, "lost", { leaseMs: 300 });
    const waiter = replica(stores[0]!, "lost", { storePollMs: 600_000 });
    const started = await runner.callTool("rebuild", { ms: 400 });
    expect(started.outcome).toBe("backgrounded");
    const waited = waiter.tasks.wait(started.taskId!);
    await runnerStore.close(); // the runner's process is gone: no renewal, no result
    const final = await waited;
    expect(final).toMatchObject({ ok: true, content: "rebuilt", taskId: started.taskId });
    runner.tasks.cancel(started.taskId!);
  });
});
