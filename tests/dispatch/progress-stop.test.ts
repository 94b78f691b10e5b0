import { BaseAgent, ToolRegistry, p, tool, type ToolProgressEvent } from "toolwright";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// What each generator's `finally` saw, so a test can tell that the generator was closed, not abandoned.
const closed: string[] = [];

class Jobs extends BaseAgent {
  static override agentName = "jobs";

  @tool({ description: "A job that yields forever", params: {}, timeoutMs: 30 })
  async *endless() {
    try {
      for (let i = 1; ; i++) {
        yield { progress: i };
        await sleep(5);
      }
    } finally {
      closed.push("endless");
    }
  }

  @tool({ description: "A job that fails half way", params: { at: p.integer() } })
  async *fragile({ at }: { at: number }) {
    for (let i = 1; i <= 10; i++) {
      if (i === at) throw new Error(`disk full at file ${i}`);
      yield { progress: i, total: 10, message: `file ${i}` };
    }
    return "never";
  }

  @tool({ description: "A slow job handed to the background", params: {}, timeoutMs: 20, onTimeout: "background" })
  async *slow() {
    yield { progress: 1, total: 3 };
    await sleep(40);
    yield { progress: 2, total: 3, message: "in the background" };
    await sleep(40);
    return "finished";
  }

  @tool({ description: "A job that waits on one long step", params: {} })
  async *stuck() {
    try {
      yield { progress: 1 };
      await sleep(60);
      yield { progress: 2 };
      closed.push("stuck: ran past its cancellation");
    } finally {
      closed.push("stuck");
    }
  }
}

beforeEach(() => void closed.splice(0));

describe("progress when a call is stopped", () => {
  it("closes a generator at its time limit, so its finally runs, and the timed_out result carries its progress", async () => {
    const agent = new Jobs({ registry: new ToolRegistry() });
    const result = await agent.callTool("endless", {});
    expect(result).toMatchObject({ ok: false, outcome: "timed_out" });
    expect(result.progress?.progress).toBeGreaterThan(0);
    await sleep(20);
    expect(closed).toEqual(["endless"]);
  });

  it("closes a generator when the caller cancels, after the step it is in settles, and runs no further step", async () => {
    const agent = new Jobs({ registry: new ToolRegistry() });
    const controller = new AbortController();
    const seen: ToolProgressEvent[] = [];
    const pending = agent.callTool("stuck", {}, { signal: controller.signal, onProgress: (e) => void seen.push(e) });
    await sleep(10);
    controller.abort(new Error("user left"));
    const result = await pending;
    expect(result).toMatchObject({ ok: false, outcome: "cancelled", progress: { progress: 1 } });
    await sleep(80);
    expect(closed).toEqual(["stuck"]);
    expect(seen.map((e) => e.progress)).toEqual([1]);
  });

  it("ends a generator that throws after yielding as failed, carrying the progress it reached", async () => {
    const registry = new ToolRegistry();
    const agent = new Jobs({ registry });
    const errors: unknown[] = [];
    agent.on("error", (e) => void errors.push(e.result));
    const result = await agent.callTool("fragile", { at: 4 });
    expect(result).toMatchObject({
      ok: false,
      outcome: "failed",
      error: { code: "TOOL_FAILED", message: expect.stringContaining("disk full at file 4") },
      progress: { progress: 3, total: 10, message: "file 3" },
    });
    expect(errors).toEqual([result]);
  });

  it("keeps progress flowing after a hand-off to a background task, whose status shows the last progress", async () => {
    const agent = new Jobs({ registry: new ToolRegistry() });
    const notices: { progress: number; taskId?: string }[] = [];
    agent.on("progress", (e) => void notices.push({ progress: e.progress, ...(e.taskId && { taskId: e.taskId }) }));
    const result = await agent.callTool("slow", {});
    expect(result).toMatchObject({ outcome: "backgrounded" });
    const taskId = result.taskId!;
    expect(agent.tasks.get(taskId)).toMatchObject({ status: "running", progress: { progress: 1, total: 3 } });
    await sleep(40);
    expect(agent.tasks.get(taskId)).toMatchObject({
      status: "running",
      progress: { progress: 2, total: 3, message: "in the background" },
    });
    expect(await agent.tasks.wait(taskId)).toMatchObject({ ok: true, content: "finished" });
    expect(notices).toEqual([{ progress: 1 }, { progress: 2, taskId }]);
  });

  it("shows a running task's last progress through the task_status tool", async () => {
    const agent = new Jobs({ registry: new ToolRegistry(), exposeTaskStatusTool: true });
    const result = await agent.callTool("slow", {});
    const status = await agent.callTool("task_status", { taskId: result.taskId });
    expect(status).toMatchObject({ ok: true, content: { status: "running", progress: { progress: 1, total: 3 } } });
    await agent.tasks.wait(result.taskId!);
  });
});
