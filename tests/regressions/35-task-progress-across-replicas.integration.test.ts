import { BaseAgent, MemoryStore, type RuntimeStore, type ScopedStore, ToolRegistry, tool } from "toolwright";
import { RedisStore } from "toolwright/redis";
import { redisForSuite } from "../store/redis-server.js";
import { deferred } from "../dispatch/runtime-helpers.js";

// Issue 35: a background task's progress lived only in the process running it, so another replica's `task_status`
// (and `tasks.fetch`) reported a running task with no progress at all. It now rides on the lease renewal.
const redis = redisForSuite();

const stores: [string, () => RuntimeStore & ScopedStore][] = [
  ["MemoryStore", () => new MemoryStore()],
  ["RedisStore", () => new RedisStore({ client: redis.client, subscriber: redis.subscriber, prefix: "progress" })],
];

describe.each(stores)("a background task's progress seen from another replica on %s (issue 35)", (_name, make) => {
  it("is reported by the other replica's fetch and task_status once the runner renewed its lease", async () => {
    const gate = deferred();
    const reported = deferred();
    class Jobs extends BaseAgent {
      static override agentName = "jobs";
      @tool({ description: "A slow job", params: {}, timeoutMs: 1, onTimeout: "background" })
      async *slow() {
        await new Promise((resolve) => setTimeout(resolve, 5));
        yield { progress: 2, total: 3, message: "two of three" };
        reported.resolve();
        await gate.promise;
        return "finished";
      }
    }
    const store = make();
    const options = { store, leaseMs: 150, exposeTaskStatusTool: true };
    const runner = new Jobs({ ...options, registry: new ToolRegistry({ scope: "t" }) });
    const reader = new Jobs({ ...options, registry: new ToolRegistry({ scope: "t" }) });
    // Waits on the store's notice of the renewal's write (a lease's third after the report), not on a fixed sleep: a
    // new record and a renewal that writes no field are not announced, so the first notice carries the progress.
    // Subscribed before the task starts, so the notice cannot come first.
    const noticed = deferred();
    const unwatch = await store.watch("task", "t//jobs", (change) => void (change && noticed.resolve()));
    const { taskId } = await runner.callTool("slow", {});
    await reported.promise;
    await noticed.promise;
    unwatch?.();
    expect(await reader.tasks.fetch(taskId!)).toMatchObject({
      status: "running",
      progress: { progress: 2, total: 3, message: "two of three" },
    });
    const status = await reader.callTool("task_status", { taskId });
    expect(JSON.stringify(status.content)).toContain("two of three");
    gate.resolve();
    expect(await reader.tasks.wait(taskId!)).toMatchObject({ ok: true, content: "finished" });
  });
});
