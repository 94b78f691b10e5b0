import { BaseAgent, MemoryStore, type RuntimeStore, ToolRegistry, p, tool } from "toolwright";
import { cutOff } from "../support/cut-off-store.js";
import { tamperRecord } from "../support/tamper-record.js";

// Issue 35, found in review: a waiter schedules its next read of a record from a time the record holds (a task's
// `leaseUntil`, a pending approval's `createdAt`). A record whose time was not a number made that time NaN, and a
// timer set for NaN ms fires at once: `tasks.wait` of such a task read the store (and tried a take-over) about every
// millisecond until the record expired, minutes later. A broken time must not turn a wait into a busy loop.

const hang = new Promise<never>(() => undefined);
const roles = new WeakMap<BaseAgent, string>();

class Jobs extends BaseAgent {
  static override agentName = "jobs";
  @tool({ description: "Rebuild", params: { name: p.string() }, timeoutMs: 1, onTimeout: "background" })
  async rebuild({ name }: { name: string }) {
    if (roles.get(this) === "runner") await hang; // dies mid-run
    return `rebuilt ${name}`;
  }
}

/** `store`, counting its reads of records. */
function counting(store: MemoryStore): { store: RuntimeStore; reads: () => number } {
  let reads = 0;
  const view = new Proxy(store, {
    get(target, key) {
      const value: unknown = Reflect.get(target, key);
      if (typeof value !== "function") return value;
      if (key !== "get") return value.bind(target) as unknown;
      return (...args: unknown[]) => ((reads += 1), (value as (...a: unknown[]) => unknown).apply(target, args));
    },
  });
  return { store: view, reads: () => reads };
}

describe("a wait on a record whose time is not a number (issue 35)", () => {
  it("reads a task with a broken lease a few times, not every millisecond", async () => {
    const store = new MemoryStore();
    const runnerView = cutOff(store);
    const readerView = counting(store);
    const options = { sweepIntervalMs: false as const, storePollMs: 100 };
    const runner = new Jobs({ ...options, store: runnerView.store, registry: new ToolRegistry({ scope: "t" }) });
    roles.set(runner, "runner");
    const reader = new Jobs({ ...options, store: readerView.store, registry: new ToolRegistry({ scope: "t" }) });
    const started = await runner.callTool("rebuild", { name: "a" });
    expect(started.outcome).toBe("backgrounded");
    runnerView.cut();
    await tamperRecord(store, "task", "t//jobs", started.taskId!, { leaseUntil: "soon" });
    void reader.tasks.wait(started.taskId!).catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(readerView.reads()).toBeLessThan(20);
  });
});
