import { BaseAgent, ErrorCode, ToolRegistry, type ToolCallContext, ToolTimeoutError, p, tool } from "toolwright";

// A call under a time limit makes its handler's signal and progress channel when they are first used (issue 32):
// a signal first read after the deadline is already aborted, progress reported before it is on the timed-out result,
// and a background task's cancel aborts a signal read after the hand-off.
describe("a call under a time limit whose handler reads its signal late", () => {
  function makeAgent() {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const seen: { signal?: AbortSignal } = {};
    class Slow extends BaseAgent {
      @tool({ description: "Waits", params: { n: p.integer() }, timeoutMs: 5 })
      async wait({ n }: { n: number }, context: ToolCallContext) {
        context.reportProgress({ progress: n, total: 10 });
        await gate;
        seen.signal = context.signal;
        return n;
      }

      @tool({ description: "Waits, then goes on", params: {}, timeoutMs: 5, onTimeout: "background" })
      async goOn(_args: object, context: ToolCallContext) {
        await gate;
        seen.signal = context.signal;
        return new Promise((resolve) => context.signal.addEventListener("abort", () => resolve("stopped")));
      }
    }
    return { agent: new Slow({ registry: new ToolRegistry() }), release, seen };
  }

  it("finds it aborted with the timeout, and the result carries the progress reached", async () => {
    const { agent, release, seen } = makeAgent();
    const result = await agent.callTool("wait", { n: 3 });
    expect(result).toMatchObject({
      outcome: "timed_out",
      error: { code: ErrorCode.Timeout },
      progress: { progress: 3 },
    });
    release();
    await new Promise((resolve) => setImmediate(resolve));
    expect(seen.signal?.aborted).toBe(true);
    expect(seen.signal?.reason).toBeInstanceOf(ToolTimeoutError);
  });

  it("is aborted by cancelling the background task it was handed to", async () => {
    const { agent, release, seen } = makeAgent();
    const result = await agent.callTool("goOn", {});
    expect(result.outcome).toBe("backgrounded");
    release();
    await new Promise((resolve) => setImmediate(resolve));
    expect(seen.signal?.aborted).toBe(false);
    await agent.tasks.cancel(result.taskId!);
    expect(seen.signal?.aborted).toBe(true);
  });
});
