import { BaseAgent, ToolRegistry, p, tool, type ToolProgressEvent } from "toolwright";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// What each generator's `finally` saw, so a test can tell that the generator was closed, not abandoned; `whenClosed`
// waits for the next one (a loaded machine may take any time to get there: no test waits on a fixed sleep).
const closed: string[] = [];
let onClose: (() => void) | undefined;
const close = (name: string) => {
  closed.push(name);
  onClose?.();
};
const whenClosed = () => new Promise<void>((resolve) => (onClose = resolve));

// A step the test lets a generator take, so the order comes from the test, not from a timer.
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}
let stuckStep = gate();
let slowSteps = [gate(), gate()];

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
      close("endless");
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
    await slowSteps[0]!.opened;
    yield { progress: 2, total: 3, message: "in the background" };
    await slowSteps[1]!.opened;
    return "finished";
  }

  @tool({ description: "A job that waits on one long step", params: {} })
  async *stuck() {
    try {
      yield { progress: 1 };
      await stuckStep.opened;
      yield { progress: 2 };
      close("stuck: ran past its cancellation");
    } finally {
      close("stuck");
    }
  }
}

beforeEach(() => {
  closed.splice(0);
  stuckStep = gate();
  slowSteps = [gate(), gate()];
});

describe("progress when a call is stopped", () => {
  it("closes a generator at its time limit, so its finally runs, and the timed_out result carries its progress", async () => {
    const agent = new Jobs({ registry: new ToolRegistry() });
    const closing = whenClosed();
    const result = await agent.callTool("endless", {});
    expect(result).toMatchObject({ ok: false, outcome: "timed_out" });
    expect(result.progress?.progress).toBeGreaterThan(0);
    await closing;
    expect(closed).toEqual(["endless"]);
  });

  it("closes a generator when the caller cancels, after the step it is in settles, and runs no further step", async () => {
    const agent = new Jobs({ registry: new ToolRegistry() });
    const controller = new AbortController();
    const seen: ToolProgressEvent[] = [];
    // Cancelled once the first step's progress was heard, on the next turn of the event loop: the generator has
    // resumed by then (its resumption is a microtask) and waits in its second step.
    const onProgress = (e: ToolProgressEvent) => {
      seen.push(e);
      setTimeout(() => controller.abort(new Error("user left")), 0);
    };
    const result = await agent.callTool("stuck", {}, { signal: controller.signal, onProgress });
    expect(result).toMatchObject({ ok: false, outcome: "cancelled", progress: { progress: 1 } });
    expect(closed).toEqual([]);
    // The step it was in settles: the generator is closed there, and runs nothing after it.
    const closing = whenClosed();
    stuckStep.open();
    await closing;
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
    const second = new Promise<void>((resolve) => agent.on("progress", (e) => void (e.progress === 2 && resolve())));
    slowSteps[0]!.open();
    await second;
    expect(agent.tasks.get(taskId)).toMatchObject({
      status: "running",
      progress: { progress: 2, total: 3, message: "in the background" },
    });
    slowSteps[1]!.open();
    expect(await agent.tasks.wait(taskId)).toMatchObject({ ok: true, content: "finished" });
    expect(notices).toEqual([{ progress: 1 }, { progress: 2, taskId }]);
  });

  it("shows a running task's last progress through the task_status tool", async () => {
    const agent = new Jobs({ registry: new ToolRegistry(), exposeTaskStatusTool: true });
    const result = await agent.callTool("slow", {});
    const status = await agent.callTool("task_status", { taskId: result.taskId });
    expect(status).toMatchObject({ ok: true, content: { status: "running", progress: { progress: 1, total: 3 } } });
    slowSteps[0]!.open();
    slowSteps[1]!.open();
    await agent.tasks.wait(result.taskId!);
  });
});
