// tasks.requestCancel: a task running on one replica is cancelled from another that shares its store. On a store that
// notifies (MemoryStore here, RedisStore with a subscriber) the running replica is told at once; on one that cannot,
// its next lease renewal reads the request (tests/store/cancel-by-renewal.integration.test.ts).
import { BaseAgent, MemoryStore, currentToolCall, tool } from "toolwright";

const stopped: string[] = [];

class Worker extends BaseAgent {
  static override agentName = "worker";
  @tool({ description: "Runs until stopped", background: true })
  soak() {
    const signal = currentToolCall()!.signal;
    return new Promise<string>((_, reject) =>
      signal.addEventListener("abort", () => {
        stopped.push(String(signal.reason));
        reject(new Error("stopped"));
      }),
    );
  }
}

describe("tasks.requestCancel across replicas", () => {
  it("stops the handler on the replica running the task, and both read it cancelled", async () => {
    const store = new MemoryStore();
    const a = new Worker({ store });
    const b = new Worker({ store });
    const { taskId } = await a.callTool("soak", {});
    expect(b.tasks.cancel(taskId!)).toBe(false); // not running here
    await expect(b.tasks.requestCancel(taskId!, "the user closed the job")).resolves.toBe(true);
    await expect(a.tasks.wait(taskId!)).resolves.toMatchObject({ outcome: "cancelled" });
    expect(stopped).toEqual([expect.stringContaining("the user closed the job")]);
    await expect(b.tasks.fetch(taskId!)).resolves.toMatchObject({ status: "cancelled" });
  });

  it("resolves false for a task that is not running anywhere", async () => {
    const store = new MemoryStore();
    const a = new Worker({ store });
    const { taskId } = await a.callTool("soak", {});
    expect(a.tasks.cancel(taskId!)).toBe(true);
    await a.tasks.wait(taskId!);
    await expect(new Worker({ store }).tasks.requestCancel(taskId!)).resolves.toBe(false);
    await expect(a.tasks.requestCancel("no-such-task")).resolves.toBe(false);
  });
});
