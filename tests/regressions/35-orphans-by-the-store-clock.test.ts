import { BaseAgent, MemoryStore, type RuntimeStore, type ToolCallContext, ToolRegistry, p, tool } from "toolwright";
import { cutOff } from "../support/cut-off-store.js";

// Issue 35: a sweep picked orphaned runs by this process's clock before the store's guard checked by the store's
// clock, so a process whose clock ran behind the store's skipped a run whose runner had died, however often it swept.
// Here the store's clock runs two minutes ahead of this process's while the lease is one minute: by the store the
// lease has run out, by this process it has not. The store's clock decides.

const runs: string[] = [];
const hang = new Promise<never>(() => undefined);
const roles = new WeakMap<BaseAgent, string>();

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
  async work(name: string, _context: ToolCallContext) {
    const role = roles.get(this) ?? "?";
    runs.push(role);
    if (role === "runner") await hang; // dies mid-run
    return `${name} by ${role}`;
  }
}

function replicas() {
  let ahead = 0;
  const store = new MemoryStore({ now: () => Date.now() + ahead });
  const runnerView = cutOff(store);
  const make = (role: string, own: RuntimeStore) => {
    const agent = new Ops({ registry: new ToolRegistry({ scope: "s" }), store: own, leaseMs: 60_000 });
    roles.set(agent, role);
    return agent;
  };
  return {
    runner: make("runner", runnerView.store),
    sweeper: make("sweeper", store),
    cut: runnerView.cut,
    storeClockAhead: (ms: number) => (ahead = ms),
  };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 2));

beforeEach(() => (runs.length = 0));

describe("a sweep lets the store's clock say which runs are orphaned (issue 35)", () => {
  it("takes over an approved call whose lease ran out by the store's clock, not yet by this process's", async () => {
    const { runner, sweeper, cut, storeClockAhead } = replicas();
    const pending = await runner.callTool("pay", { name: "a" });
    void runner.approvals.approve(pending.approvalId!);
    while (runs.length === 0) await tick();
    cut();
    expect(await sweeper.approvals.sweep()).toBe(0); // the lease still runs, by either clock
    storeClockAhead(120_000);
    expect(await sweeper.approvals.sweep()).toBe(1);
    expect(await sweeper.approvals.sweep()).toBe(0); // taken once
    while (runs.length < 2) await tick();
    expect(runs).toEqual(["runner", "sweeper"]);
  });

  it("takes over a background task whose lease ran out by the store's clock, not yet by this process's", async () => {
    const { runner, sweeper, cut, storeClockAhead } = replicas();
    const started = await runner.callTool("job", { name: "b" });
    expect(started.taskId).toBeDefined();
    while (runs.length === 0) await tick();
    cut();
    expect(await sweeper.tasks.sweep()).toBe(0);
    storeClockAhead(120_000);
    expect(await sweeper.tasks.sweep()).toBe(1);
    expect(await sweeper.tasks.wait(started.taskId!)).toMatchObject({ ok: true, content: "b by sweeper" });
    expect(runs).toEqual(["runner", "sweeper"]);
  });
});
