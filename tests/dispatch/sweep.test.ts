import {
  BaseAgent,
  MemoryStore,
  type RuntimeStore,
  type ToolCallContext,
  ToolDefinitionError,
  ToolRegistry,
  p,
  tool,
} from "toolwright";
import { cutOff } from "../support/cut-off-store.js";

// The sweeper (issue 24): a run whose runner stopped renewing its lease is taken over by a replica that sweeps, even
// when nobody reads its record. Two agents share a MemoryStore as two replicas would share Redis; the runner is cut
// off from the store (every write of its own fails, as for a replica that died), so its lease runs out.

const keys: { key: string; runner: string }[] = [];
const hang = new Promise<never>(() => undefined);

class Ops extends BaseAgent {
  static override agentName = "ops";
  @tool({ description: "Pay", params: { name: p.string() }, requiresApproval: true })
  async pay({ name }: { name: string }, context: ToolCallContext) {
    return this.work(name, context);
  }
  @tool({ description: "Job", params: { name: p.string() }, timeoutMs: 5, onTimeout: "background" })
  async job({ name }: { name: string }, context: ToolCallContext) {
    return this.work(name, context);
  }
  async work(name: string, context: ToolCallContext) {
    keys.push({ key: context.idempotencyKey, runner: this.role });
    if (this.role === "runner") await hang; // dies mid-run
    return `${name} by ${this.role}`;
  }
  get role(): string {
    return roles.get(this) ?? "?";
  }
}
const roles = new WeakMap<BaseAgent, string>();

// The store's clock: frozen where a test passes time itself (`pass`), so a loaded machine cannot run a 40 ms lease
// out between two steps the test means to be instants apart; real where the sweeper's own timer must find it out.
function replicas(options: { readonly sweepIntervalMs?: number } = {}, clock: "frozen" | "real" = "frozen") {
  let frozenAt = clock === "frozen" ? Date.now() : undefined;
  const store = new MemoryStore({ now: () => frozenAt ?? Date.now() });
  const pass = (ms: number) => {
    if (frozenAt === undefined) throw new Error("pass() needs the frozen clock");
    frozenAt += ms;
  };
  const runnerView = cutOff(store);
  const make = (role: string, own: RuntimeStore, extra: object) => {
    const agent = new Ops({ registry: new ToolRegistry({ scope: "s" }), store: own, leaseMs: 40, ...extra });
    roles.set(agent, role);
    return agent;
  };
  return {
    store,
    pass,
    cut: runnerView.cut,
    runner: make("runner", runnerView.store, {}),
    sweeper: make("sweeper", store, options),
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeEach(() => (keys.length = 0));

describe("sweeping runs whose lease ran out (issue 24)", () => {
  it("approvals.sweep() takes an orphaned approved call over once, with the same idempotency key", async () => {
    const { runner, sweeper, store, cut, pass } = replicas();
    const pending = await runner.callTool("pay", { name: "a" });
    void runner.approvals.approve(pending.approvalId!);
    while (keys.length === 0) await sleep(2);
    cut();
    expect(await sweeper.approvals.sweep()).toBe(0); // the lease still runs
    // The keepers look for orphans by this process's clock before the store's guard checks by its own.
    pass(60);
    await sleep(60);
    expect(await sweeper.approvals.sweep()).toBe(1);
    expect(await sweeper.approvals.sweep()).toBe(0);
    let record = await store.get("approval", "s//ops", pending.approvalId!);
    for (let i = 0; i < 100 && record?.status !== "done"; i += 1) {
      await sleep(5);
      record = await store.get("approval", "s//ops", pending.approvalId!);
    }
    expect(record).toMatchObject({ status: "done", result: { ok: true, content: "a by sweeper" } });
    expect(keys.map((k) => k.runner)).toEqual(["runner", "sweeper"]);
    expect(keys[1]!.key).toBe(keys[0]!.key);
  });

  it("tasks.sweep() takes an orphaned background task over once, and a waiter gets its result", async () => {
    const { runner, sweeper, cut, pass } = replicas();
    const handed = await runner.callTool("job", { name: "j" });
    expect(handed.outcome).toBe("backgrounded");
    cut();
    expect(await sweeper.tasks.sweep()).toBe(0);
    // As above: this process's clock first, then the store's.
    pass(60);
    await sleep(60);
    expect(await sweeper.tasks.sweep()).toBe(1);
    expect(await sweeper.tasks.sweep()).toBe(0);
    expect(await sweeper.tasks.wait(handed.taskId!)).toMatchObject({ ok: true, content: "j by sweeper" });
    expect(keys.map((k) => k.runner)).toEqual(["runner", "sweeper"]);
    expect(keys[1]!.key).toBe(keys[0]!.key);
  });

  it("sweepIntervalMs sweeps on its own, with nobody reading the record", async () => {
    const { runner, store, cut } = replicas({ sweepIntervalMs: 10 }, "real");
    const handed = await runner.callTool("job", { name: "k" });
    cut();
    let record = await store.get("task", "s//ops", handed.taskId!);
    for (let i = 0; i < 200 && record?.status !== "succeeded"; i += 1) {
      await sleep(5);
      record = await store.get("task", "s//ops", handed.taskId!);
    }
    expect(record).toMatchObject({ status: "succeeded", result: { content: "k by sweeper" } });
    expect(keys).toHaveLength(2);
  });

  it("answers 0 without a store, and refuses a sweepIntervalMs that is not a positive time", async () => {
    const agent = new Ops({ registry: new ToolRegistry() });
    expect(await agent.tasks.sweep()).toBe(0);
    expect(await agent.approvals.sweep()).toBe(0);
    expect(() => new Ops({ registry: new ToolRegistry(), store: new MemoryStore(), sweepIntervalMs: 0 })).toThrow(
      ToolDefinitionError,
    );
    expect(() => new Ops({ registry: new ToolRegistry(), store: new MemoryStore(), sweepIntervalMs: 0 })).toThrow(
      /sweepIntervalMs/,
    );
  });
});
