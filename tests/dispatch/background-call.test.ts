// CallToolOptions.background: a call asked to run as a background task from the start answers `backgrounded` at
// once, whatever the tool's onTimeout, and its result comes through agent.tasks.
import { BaseAgent, currentToolCall, p, tool } from "toolwright";

class Jobs extends BaseAgent {
  static override agentName = "jobs";
  @tool({ description: "Adds", params: { a: p.integer(), b: p.integer() } })
  add({ a, b }: { a: number; b: number }) {
    return a + b;
  }
  @tool({ description: "Waits until cancelled" })
  hang() {
    const signal = currentToolCall()!.signal;
    return new Promise<string>((_, reject) => signal.addEventListener("abort", () => reject(new Error("stopped"))));
  }
}

describe("callTool({ background: true })", () => {
  it("hands even a synchronous tool without onTimeout to a task, whose result is the call's", async () => {
    const agent = new Jobs();
    const result = await agent.callTool("add", { a: 2, b: 3 }, { background: true });
    expect(result).toMatchObject({ ok: false, outcome: "backgrounded" });
    const taskId = result.taskId!;
    await expect(agent.tasks.wait(taskId)).resolves.toMatchObject({ ok: true, content: 5, taskId });
  });

  it("still validates first: invalid arguments start no task", async () => {
    const agent = new Jobs();
    const result = await agent.callTool("add", { a: "x", b: 3 }, { background: true });
    expect(result).toMatchObject({ ok: false, outcome: "invalid_arguments" });
    expect(agent.tasks.list()).toEqual([]);
  });

  it("is no longer stopped by the caller's signal once handed off, but by tasks.cancel", async () => {
    const agent = new Jobs();
    const caller = new AbortController();
    const result = await agent.callTool("hang", {}, { background: true, signal: caller.signal });
    caller.abort();
    expect(agent.tasks.get(result.taskId!)?.status).toBe("running");
    expect(agent.tasks.cancel(result.taskId!)).toBe(true);
    await expect(agent.tasks.wait(result.taskId!)).resolves.toMatchObject({ outcome: "cancelled" });
  });
});
