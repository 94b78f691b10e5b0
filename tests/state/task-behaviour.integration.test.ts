import { BaseAgent, ToolRegistry, type ToolCallContext, p, tool } from "toolwright";
import { type BackendStore, backends } from "./backends.js";

// Issue 35: the background-task behaviour users rely on, run against every backend of the state port (the default
// memory store and a real redis-server; a backend added to ./backends.ts gets this suite for free). One replica runs
// the task, another reads, waits for and cancels it, as two processes of one deployment would. The task's handler
// waits on a gate the test opens (or on its signal), so the call always outlives its 1 ms `timeoutMs` and every
// step waits on an event, never a sleep.
let open: (() => void) | undefined;
let started: (() => void) | undefined;

class Exports extends BaseAgent {
  static override agentName = "exports";
  @tool({ description: "Exports a table", params: { table: p.string() }, timeoutMs: 1, onTimeout: "background" })
  async export_table({ table }: { table: string }, context: ToolCallContext) {
    started?.();
    await new Promise<void>((resolve, reject) => {
      open = resolve;
      context.signal?.addEventListener("abort", () => reject(new Error("stopped")), { once: true });
    });
    return `exported ${table}`;
  }
}

function replicas(made: BackendStore, readerScope = "t") {
  const options = { store: made.store, sweepIntervalMs: false as const };
  return {
    runner: new Exports({ ...options, registry: new ToolRegistry({ scope: "t" }) }),
    reader: new Exports({ ...options, registry: new ToolRegistry({ scope: readerScope }) }),
  };
}

async function startTask(runner: Exports): Promise<string> {
  const running = new Promise<void>((resolve) => (started = resolve));
  const result = await runner.callTool("export_table", { table: "orders" });
  await running;
  expect(result).toMatchObject({ outcome: "backgrounded" });
  return result.taskId!;
}

describe.each(backends())("background tasks on %s (issue 35)", (_name, backend) => {
  it("start, status and result: another replica sees the task running, then waits for its one result", async () => {
    const { runner, reader } = replicas(backend.make());
    const taskId = await startTask(runner);
    expect(await reader.tasks.fetch(taskId)).toMatchObject({ id: taskId, toolName: "export_table", status: "running" });
    expect((await reader.tasks.fetchAll()).map((task) => task.id)).toEqual([taskId]);
    const waited = reader.tasks.wait(taskId);
    open!();
    expect(await waited).toMatchObject({ ok: true, content: "exported orders", taskId });
    expect(await runner.tasks.wait(taskId)).toMatchObject({ ok: true, content: "exported orders" });
    expect(await reader.tasks.fetch(taskId)).toMatchObject({ status: "succeeded", result: { ok: true } });
  });

  it("cancel: a cancel asked on another replica stops the task where it runs", async () => {
    const { runner, reader } = replicas(backend.make());
    const taskId = await startTask(runner);
    expect(await reader.tasks.requestCancel(taskId, "not needed")).toBe(true);
    expect(await reader.tasks.wait(taskId)).toMatchObject({ ok: false, outcome: "cancelled", taskId });
    expect(await reader.tasks.fetch(taskId)).toMatchObject({ status: "cancelled" });
    // Finished: nothing left to cancel.
    expect(await reader.tasks.requestCancel(taskId)).toBe(false);
  });

  it("cross-scope refusal: an agent of another scope on the same store can neither read nor cancel the task", async () => {
    const { runner, reader: stranger } = replicas(backend.make(), "another-tenant");
    const taskId = await startTask(runner);
    expect(await stranger.tasks.fetch(taskId)).toBeUndefined();
    expect(await stranger.tasks.fetchAll()).toEqual([]);
    expect(await stranger.tasks.requestCancel(taskId)).toBe(false);
    await expect(stranger.tasks.wait(taskId)).rejects.toMatchObject({ code: "TASK_NOT_FOUND" });
    open!();
    expect(await runner.tasks.wait(taskId)).toMatchObject({ ok: true, content: "exported orders" });
  });
});
