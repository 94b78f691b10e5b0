import { BaseAgent, MemoryStore, ToolRegistry, p, tool } from "toolwright";
import { cutOff } from "../support/cut-off-store.js";

// Issue 24: a background task turns `lost` only when no replica can take it over. A sweep on a replica without the
// task's tool used to leave it alone, so a task whose tool no replica has stayed `running`, lease long expired,
// forever. Now a sweep marks it lost once its lease has been out for `lostAfterMs` (a lease's length, or three sweep
// intervals), naming the tool; a replica that has the tool still takes it over first. Two agents share a MemoryStore
// as two replicas share Redis; the runner is cut off from the store (its writes fail, as for a replica that died).
//
// The store's clock, which decides every takeover and loss, moves only when a test passes time (`pass`), so a loaded
// machine cannot run out a second lease between two steps meant to be instants apart (in one CI run the replica
// without the tool marked the task lost before the one with it swept). Real time passes too: the keepers look for
// orphans by this process's clock before the store's guard checks by its own.

const hang = new Promise<never>(() => undefined);
const LEASE_MS = 40;

class Ops extends BaseAgent {
  static override agentName = "ops";
  @tool({ description: "Job", params: { name: p.string() }, timeoutMs: 5, onTimeout: "background" })
  async job({ name }: { name: string }) {
    if (runners.has(this)) await hang; // dies mid-run
    return `${name} done`;
  }
}
const runners = new WeakSet<BaseAgent>();

// Another deploy of the same agent: same name and scope, without the `job` tool.
class Lite extends BaseAgent {
  static override agentName = "ops";
  @tool({ description: "Ping", params: {} })
  ping() {
    return "pong";
  }
}

const registry = () => new ToolRegistry({ scope: "s" });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function orphanedTask() {
  let frozenAt = Date.now();
  const store = new MemoryStore({ now: () => frozenAt });
  // Passes `ms` on the store's clock and on this process's.
  const pass = async (ms: number) => {
    frozenAt += ms;
    await sleep(ms);
  };
  const view = cutOff(store);
  const runner = new Ops({ registry: registry(), store: view.store, leaseMs: LEASE_MS });
  runners.add(runner);
  const handed = await runner.callTool("job", { name: "j" });
  expect(handed.outcome).toBe("backgrounded");
  view.cut();
  return { store, pass, id: handed.taskId! };
}

describe("a sweep marks a task lost that no replica can run (issue 24)", () => {
  it("marks it lost once its lease has been out for lostAfterMs, with an error naming the tool", async () => {
    const { store, pass, id } = await orphanedTask();
    const lite = new Lite({ registry: registry(), store, leaseMs: LEASE_MS });
    await pass(LEASE_MS + 10); // the lease ran out, but replicas with the tool still have their time
    expect(await lite.tasks.sweep()).toBe(0);
    expect((await store.get("task", "s//ops", id))?.status).toBe("running");
    await pass(LEASE_MS + 10);
    expect(await lite.tasks.sweep()).toBe(0); // marked, not taken: nothing runs here
    const record = await store.get("task", "s//ops", id);
    expect(record).toMatchObject({ status: "lost", result: { ok: false, error: { code: "TASK_LOST" } } });
    const message = (record!.result as { error: { message: string } }).error.message;
    expect(message).toContain(`no replica that has the tool "job" took it over within ${LEASE_MS} ms`);
    // Every reader and waiter sees the one final outcome.
    expect(await lite.tasks.fetch(id)).toMatchObject({ status: "lost" });
    expect(await lite.tasks.wait(id)).toMatchObject({ ok: false, error: { code: "TASK_LOST" } });
  });

  it("leaves it to a replica that has the tool, which takes it over first", async () => {
    const { store, pass, id } = await orphanedTask();
    const lite = new Lite({ registry: registry(), store, leaseMs: LEASE_MS });
    const full = new Ops({ registry: registry(), store, leaseMs: LEASE_MS });
    await pass(LEASE_MS + 10);
    expect(await lite.tasks.sweep()).toBe(0);
    expect(await full.tasks.sweep()).toBe(1);
    await pass(LEASE_MS + 10);
    expect(await lite.tasks.sweep()).toBe(0); // running under the taker's renewed lease: not lost
    expect(await full.tasks.wait(id)).toMatchObject({ ok: true, content: "j done" });
    expect(await store.get("task", "s//ops", id)).toMatchObject({ status: "succeeded" });
  });

  it("does it on the sweepIntervalMs timer too, waiting three sweep intervals when that is longer than a lease", async () => {
    const { store, pass, id } = await orphanedTask();
    const lite = new Lite({ registry: registry(), store, leaseMs: LEASE_MS, sweepIntervalMs: 30 }); // waits 90 ms
    await pass(LEASE_MS + 60);
    expect((await store.get("task", "s//ops", id))?.status).toBe("running");
    let record = await store.get("task", "s//ops", id);
    for (let i = 0; i < 100 && record?.status === "running"; i += 1) {
      await pass(10);
      record = await store.get("task", "s//ops", id);
    }
    expect(record).toMatchObject({ status: "lost", result: { error: { code: "TASK_LOST" } } });
    expect((record!.result as { error: { message: string } }).error.message).toContain("within 90 ms");
    expect(await lite.tasks.fetch(id)).toMatchObject({ status: "lost" });
  });

  // A reader (fetch, wait) on a replica without the tool used to mark the task lost the moment its lease ran out,
  // although a replica with the tool could still take it over.
  it("a reader without the tool leaves it, for one more lease, to a replica that has the tool", async () => {
    const { store, pass, id } = await orphanedTask();
    const lite = new Lite({ registry: registry(), store, leaseMs: LEASE_MS });
    const full = new Ops({ registry: registry(), store, leaseMs: LEASE_MS });
    await pass(LEASE_MS + 10);
    expect(await lite.tasks.fetch(id)).toMatchObject({ status: "running" });
    const waited = lite.tasks.wait(id);
    expect(await full.tasks.fetch(id)).toMatchObject({ status: "running" }); // taken over, running here now
    expect(await full.tasks.wait(id)).toMatchObject({ ok: true, content: "j done" });
    expect(await waited).toMatchObject({ ok: true, content: "j done" });
  });

  it("a reader without the tool marks it lost once the lease after it ran out too", async () => {
    const { store, pass, id } = await orphanedTask();
    const lite = new Lite({ registry: registry(), store, leaseMs: LEASE_MS });
    await pass(LEASE_MS + 10);
    expect(await lite.tasks.fetch(id)).toMatchObject({ status: "running" });
    const waited = lite.tasks.wait(id);
    await pass(LEASE_MS + 10);
    expect(await waited).toMatchObject({ ok: false, error: { code: "TASK_LOST" } });
    expect(await lite.tasks.fetch(id)).toMatchObject({ status: "lost" });
  });
});
