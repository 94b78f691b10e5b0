import { BaseAgent, MemoryStore, ToolRegistry, tool } from "toolwright";
import { deferred } from "../dispatch/runtime-helpers.js";

// Issue 35: a background task's progress lived only in the process running it, so another replica's `task_status`
// (and `tasks.fetch`) reported a running task with no progress at all. It now rides on the lease renewal.
describe("a background task's progress seen from another replica (issue 35)", () => {
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
    const store = new MemoryStore();
    const options = { registry: new ToolRegistry({ scope: "t" }), store, leaseMs: 60, exposeTaskStatusTool: true };
    const runner = new Jobs(options);
    const reader = new Jobs({ ...options, registry: new ToolRegistry({ scope: "t" }) });
    const { taskId } = await runner.callTool("slow", {});
    await reported.promise;
    // Waits on the store's notice of the renewal's write (a lease's third after the report), not on a fixed sleep.
    const seen = new Promise<void>((resolve) => {
      void store.watch("task", "t//jobs", (change) => change?.id === taskId && resolve());
    });
    await seen;
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
