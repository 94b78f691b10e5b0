import {
  BaseAgent,
  ErrorCode,
  TaskNotFoundError,
  type ToolEvent,
  ToolRegistry,
  currentToolCall,
  p,
  tool,
} from "toolwright";
import { type Deferred, deferred, flush, useFakeClock } from "./runtime-helpers.js";

beforeEach(useFakeClock);
afterEach(() => jest.useRealTimers());

function makeAgent(options: { maxTasks?: number; taskRetentionMs?: number; exposeTaskStatusTool?: boolean } = {}) {
  const gates: Deferred<string>[] = [];
  const signals: AbortSignal[] = [];
  class Reporter extends BaseAgent {
    @tool({
      description: "Builds a report",
      params: { topic: p.string() },
      timeoutMs: 1_000,
      onTimeout: "background",
    })
    report({ topic }: { topic: string }) {
      signals.push(currentToolCall().signal);
      const gate = deferred<string>();
      gates.push(gate);
      return gate.promise.then((text) => `${topic}: ${text}`);
    }
  }
  const agent = new Reporter({ registry: new ToolRegistry(), ...options });
  return { agent, gates, signals };
}

async function background(agent: BaseAgent, topic = "sales") {
  const pending = agent.callTool("report", { topic });
  await jest.advanceTimersByTimeAsync(1_000);
  return pending;
}

describe("background tasks", () => {
  it("returns backgrounded with a taskId at the deadline when onTimeout is background", async () => {
    const { agent } = makeAgent();
    const result = await background(agent);
    expect(result).toMatchObject({ ok: false, outcome: "backgrounded", error: { code: ErrorCode.Timeout } });
    expect(result.taskId).toEqual(expect.any(String));
    expect(result.error?.message).toContain(result.taskId);
    expect(agent.tasks.get(result.taskId!)).toMatchObject({ status: "running", toolName: "report" });
  });

  it("keeps the work going and resolves wait with the final result when the handler finishes later", async () => {
    const { agent, gates, signals } = makeAgent();
    const { taskId, callId } = await background(agent);
    expect(signals[0]?.aborted).toBe(false);
    gates[0]!.resolve("up 4%");
    const final = await agent.tasks.wait(taskId!);
    expect(final).toMatchObject({ ok: true, outcome: "success", content: "sales: up 4%", taskId, callId });
    expect(agent.tasks.get(taskId!)).toMatchObject({ status: "succeeded", result: final });
  });

  it("records a failed task when the handler rejects after the hand-off", async () => {
    const { agent, gates } = makeAgent();
    const { taskId } = await background(agent);
    gates[0]!.reject(new Error("database offline"));
    const final = await agent.tasks.wait(taskId!);
    expect(final).toMatchObject({ ok: false, outcome: "failed", error: { code: ErrorCode.ToolFailed } });
    expect(agent.tasks.get(taskId!)?.status).toBe("failed");
  });

  it("aborts the handler and ends the task as cancelled when cancel is called", async () => {
    const { agent, gates, signals } = makeAgent();
    const { taskId } = await background(agent);
    expect(agent.tasks.cancel(taskId!, "user closed the tab")).toBe(true);
    expect(signals[0]?.aborted).toBe(true);
    const final = await agent.tasks.wait(taskId!);
    expect(final).toMatchObject({ outcome: "cancelled", error: { code: ErrorCode.Cancelled } });
    expect(final.error?.message).toContain("user closed the tab");
    gates[0]!.resolve("late");
    await flush();
    expect(agent.tasks.get(taskId!)?.status).toBe("cancelled");
    expect(agent.tasks.cancel(taskId!)).toBe(false);
  });

  it("emits after events carrying the taskId for the hand-off and for the final result", async () => {
    const { agent, gates } = makeAgent();
    const events: ToolEvent[] = [];
    agent.on("after", (event) => void events.push(event));
    agent.on("error", (event) => void events.push(event));
    const { taskId } = await background(agent);
    gates[0]!.resolve("done");
    await agent.tasks.wait(taskId!);
    await flush();
    expect(events.map((event) => [event.event, event.result?.outcome, event.taskId])).toEqual([
      ["after", "backgrounded", taskId],
      ["after", "success", taskId],
    ]);
  });

  it("lists tasks oldest first and rejects wait with TaskNotFoundError when the id is unknown", async () => {
    const { agent } = makeAgent();
    const first = await background(agent, "a");
    const second = await background(agent, "b");
    expect(agent.tasks.list().map((task) => task.id)).toEqual([first.taskId, second.taskId]);
    await expect(agent.tasks.wait("nope")).rejects.toBeInstanceOf(TaskNotFoundError);
    expect(agent.tasks.get("nope")).toBeUndefined();
  });

  it("evicts a finished task when its retention time has passed", async () => {
    const { agent, gates } = makeAgent({ taskRetentionMs: 60_000 });
    const { taskId } = await background(agent);
    gates[0]!.resolve("ok");
    await agent.tasks.wait(taskId!);
    await jest.advanceTimersByTimeAsync(59_999);
    expect(agent.tasks.get(taskId!)).toBeDefined();
    await jest.advanceTimersByTimeAsync(1);
    expect(agent.tasks.get(taskId!)).toBeUndefined();
    expect(agent.tasks.list()).toEqual([]);
  });

  it("evicts the oldest finished task when the store is full", async () => {
    const { agent, gates } = makeAgent({ maxTasks: 2 });
    const first = await background(agent, "a");
    const second = await background(agent, "b");
    gates[0]!.resolve("ok");
    await agent.tasks.wait(first.taskId!);
    const third = await background(agent, "c");
    expect(third.outcome).toBe("backgrounded");
    expect(agent.tasks.list().map((task) => task.id)).toEqual([second.taskId, third.taskId]);
  });

  it("times out and aborts the handler when the store is full of running tasks", async () => {
    const { agent, signals } = makeAgent({ maxTasks: 1 });
    await background(agent, "a");
    const refused = await background(agent, "b");
    expect(refused).toMatchObject({ outcome: "timed_out", error: { code: ErrorCode.Timeout } });
    expect(refused.error?.message).toContain("task store is full");
    expect(signals[1]?.aborted).toBe(true);
    expect(agent.tasks.list()).toHaveLength(1);
  });

  it("lets the model read a task through task_status when exposeTaskStatusTool is set", async () => {
    const { agent, gates } = makeAgent({ exposeTaskStatusTool: true });
    expect(agent.toolSpecs().map((spec) => spec.name)).toEqual(["report", "task_status"]);
    const { taskId, error } = await background(agent);
    expect(error?.message).toContain(`Call task_status with {"taskId":"${taskId}"}`);
    expect((await agent.callTool("task_status", { taskId })).content).toEqual({
      taskId,
      toolName: "report",
      status: "running",
    });
    gates[0]!.resolve("done");
    await agent.tasks.wait(taskId!);
    expect((await agent.callTool("task_status", `{"taskId":"${taskId}"}`)).content).toMatchObject({
      status: "succeeded",
      content: "sales: done",
    });
    const unknown = await agent.callTool("task_status", { taskId: "nope" });
    expect(unknown).toMatchObject({ ok: false, outcome: "failed" });
    expect(unknown.error?.message).toContain('no background task has id "nope"');
  });

  it("does not offer task_status when exposeTaskStatusTool is not set", async () => {
    const { agent } = makeAgent();
    expect(agent.toolSpecs().map((spec) => spec.name)).toEqual(["report"]);
    expect((await agent.callTool("task_status", { taskId: "x" })).outcome).toBe("not_found");
  });

  it("frees the serial lane at the hand-off so later serial calls are not blocked by the task", async () => {
    const { agent } = makeAgent();
    await background(agent, "a");
    const next = agent.callTool("report", { topic: "b" });
    await jest.advanceTimersByTimeAsync(1_000);
    expect((await next).outcome).toBe("backgrounded");
  });
});
