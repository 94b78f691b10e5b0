import {
  BaseAgent,
  MemoryStore,
  type PendingApproval,
  type RuntimeStore,
  ToolRegistry,
  type ToolResult,
  p,
  tool,
} from "toolwright";

// Issue 23, "Limits with a store": `maxPendingApprovals` and `maxTasks` were ignored once a store was attached (200
// background handlers ran at once under a cap of 5), an idle process read every pending record of its own each
// `storePollMs`, and finished tasks were kept in memory without bound. The caps now hold per scope, in the store.

/** A MemoryStore that counts the reads an agent makes of single records. */
class CountingStore extends MemoryStore {
  gets = 0;
  override async get(...args: Parameters<MemoryStore["get"]>) {
    this.gets += 1;
    return super.get(...args);
  }
}

let running = 0;
let openGate = () => {};
const gate = new Promise<void>((resolve) => (openGate = resolve));
let mostRunning = 0;
class Ops extends BaseAgent {
  static override agentName = "ops";
  @tool({ description: "Remove", params: { name: p.string() }, requiresApproval: true })
  remove({ name }: { name: string }) {
    return `removed ${name}`;
  }
  @tool({ description: "Rebuild", params: { ms: p.integer() }, timeoutMs: 5, onTimeout: "background" })
  async rebuild({ ms }: { ms: number }, { signal }: { signal: AbortSignal }) {
    running += 1;
    mostRunning = Math.max(mostRunning, running);
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

describe("caps with a store (issue 23)", () => {
  it("keeps at most maxPendingApprovals pending per scope across replicas, evicting the oldest with the event", async () => {
    const store = new MemoryStore();
    const evicted: PendingApproval[] = [];
    const options = { store, maxPendingApprovals: 3, onApprovalEvicted: (a: PendingApproval) => void evicted.push(a) };
    const a = new Ops({ registry: new ToolRegistry({ scope: "t" }), ...options });
    const b = new Ops({ registry: new ToolRegistry({ scope: "t" }), ...options });
    const other = new Ops({ registry: new ToolRegistry({ scope: "u" }), ...options });
    const ids: string[] = [];
    for (const [agent, name] of [
      [a, "1"],
      [b, "2"],
      [a, "3"],
      [b, "4"],
      [a, "5"],
    ] as const) {
      ids.push((await agent.callTool("remove", { name })).approvalId!);
    }
    await other.callTool("remove", { name: "elsewhere" });

    expect((await a.approvals.list()).map((x) => x.args.name)).toEqual(["3", "4", "5"]);
    expect(evicted.map((x) => x.id)).toEqual(ids.slice(0, 2));
    expect(evicted[0]).toMatchObject({ toolName: "remove", args: { name: "1" } });
    await expect(b.approvals.approve(ids[0]!)).rejects.toMatchObject({ code: "APPROVAL_NOT_FOUND" });
    expect((await other.approvals.list()).map((x) => x.args.name)).toEqual(["elsewhere"]);
    // The replica whose call was dropped forgets it too.
    await sleep(5);
    expect(a.approvals.pending().map((x) => x.args.name)).toEqual(["3", "5"]);
  });

  it("runs at most maxTasks background handlers per scope, refusing the rest as without a store", async () => {
    const store = new MemoryStore();
    running = 0;
    mostRunning = 0;
    const replicas = [0, 1].map(() => new Ops({ registry: new ToolRegistry({ scope: "t" }), store, maxTasks: 5 }));
    const results: ToolResult[] = await Promise.all(
      Array.from({ length: 40 }, (_, i) => replicas[i % 2]!.callTool("rebuild", { ms: -1 })),
    );
    const backgrounded = results.filter((r) => r.outcome === "backgrounded");
    expect(backgrounded).toHaveLength(5);
    const refused = results.filter((r) => r.outcome !== "backgrounded");
    expect(refused[0]).toMatchObject({ ok: false, outcome: "timed_out" });
    expect(refused[0]!.error!.message).toMatch(/task store is full of running tasks/);
    await sleep(20);
    expect(running).toBe(5);
    openGate();
    for (const r of backgrounded) await replicas[0]!.tasks.wait(r.taskId!);
    expect((await replicas[1]!.tasks.fetchAll()).map((t) => t.status)).toEqual(Array(5).fill("succeeded"));
  });

  it("evicts the oldest finished task of the scope to make room, and keeps at most maxTasks finished in memory", async () => {
    const store = new MemoryStore();
    const agent = new Ops({ registry: new ToolRegistry({ scope: "t" }), store, maxTasks: 3 });
    const ids: string[] = [];
    for (let i = 0; i < 8; i += 1) {
      // 100 ms against a 5 ms time limit: on a loaded machine a 10 ms handler sometimes finished before its hand-off.
      const started = await agent.callTool("rebuild", { ms: 100 });
      expect(started.outcome).toBe("backgrounded");
      await agent.tasks.wait(started.taskId!);
      ids.push(started.taskId!);
    }
    expect(agent.tasks.list().map((t) => t.id)).toEqual(ids.slice(-3));
    expect((await agent.tasks.fetchAll()).map((t) => t.id)).toEqual(ids.slice(-3));
    expect(await agent.tasks.fetch(ids[0]!)).toBeUndefined();
  });

  it("reads nothing while idle with pending approvals of its own", async () => {
    const store = new CountingStore();
    const agent = new Ops({ registry: new ToolRegistry({ scope: "t" }), store, storePollMs: 5 });
    for (let i = 0; i < 50; i += 1) await agent.callTool("remove", { name: String(i) });
    const before = store.gets;
    await sleep(100);
    expect(store.gets - before).toBe(0);
  });

  it("hears a decision made by another replica without polling for it", async () => {
    const store = new CountingStore();
    const requester = new Ops({ registry: new ToolRegistry({ scope: "t" }), store, storePollMs: 60_000 });
    const approver = new Ops({ registry: new ToolRegistry({ scope: "t" }), store });
    const heard: ToolResult[] = [];
    requester.on("after", (event) => void (event.result?.outcome !== "awaiting_approval" && heard.push(event.result!)));
    const { approvalId } = await requester.callTool("remove", { name: "B-7" });
    await approver.approvals.approve(approvalId!);
    await sleep(5);
    expect(heard).toMatchObject([{ ok: true, content: "removed B-7" }]);
    expect(requester.approvals.pending()).toEqual([]);
  });

  it("waits for another replica's task by its notice, not by polling", async () => {
    const store = new CountingStore();
    const runner = new Ops({ registry: new ToolRegistry({ scope: "t" }), store });
    const waiter = new Ops({ registry: new ToolRegistry({ scope: "t" }), store, storePollMs: 60_000 });
    const started = await runner.callTool("rebuild", { ms: 50 });
    const before = Date.now();
    const final = await waiter.tasks.wait(started.taskId!);
    expect(final).toMatchObject({ ok: true, content: "rebuilt", taskId: started.taskId });
    expect(Date.now() - before).toBeLessThan(5_000);
  });
});

/** A store with only the five methods of RuntimeStore, as an app's own store may be: no caps, pages or notices. */
function plainStore(): RuntimeStore & { gets: number } {
  const inner = new MemoryStore();
  const plain = {
    description: "plain",
    gets: 0,
    create: inner.create.bind(inner),
    get: (...args: Parameters<MemoryStore["get"]>) => ((plain.gets += 1), inner.get(...args)),
    transition: inner.transition.bind(inner),
    list: inner.list.bind(inner),
    delete: inner.delete.bind(inner),
  };
  return plain;
}

describe("caps with a store of only the five methods (issue 23)", () => {
  it("still holds maxPendingApprovals within one process, and hears decisions by polling", async () => {
    const store = plainStore();
    const evicted: PendingApproval[] = [];
    const options = { store, maxPendingApprovals: 2, storePollMs: 10 };
    const requester = new Ops({
      registry: new ToolRegistry({ scope: "t" }),
      ...options,
      onApprovalEvicted: (a) => void evicted.push(a),
    });
    const approver = new Ops({ registry: new ToolRegistry({ scope: "t" }), ...options });
    const heard: ToolResult[] = [];
    requester.on("after", (event) => void (event.result?.outcome !== "awaiting_approval" && heard.push(event.result!)));
    const ids: string[] = [];
    for (const name of ["1", "2", "3"]) ids.push((await requester.callTool("remove", { name })).approvalId!);
    expect(evicted.map((a) => a.id)).toEqual([ids[0]]);
    expect((await approver.approvals.list()).map((a) => a.args.name)).toEqual(["2", "3"]);
    await approver.approvals.approve(ids[1]!);
    for (let i = 0; i < 100 && heard.length === 0; i += 1) await sleep(10);
    expect(heard).toMatchObject([{ ok: true, content: "removed 2" }]);
    expect(store.gets).toBeGreaterThan(0);
  });
});
