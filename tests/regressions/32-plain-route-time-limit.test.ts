import {
  BaseAgent,
  ErrorCode,
  ToolRegistry,
  type ToolCallContext,
  ToolTimeoutError,
  currentToolCall,
  p,
  tool,
} from "toolwright";

// A tool with a time limit stays on the plain route (issue 32), timed by the run stage's own function: a handler
// settled before any await answers at once with no timer; one that awaits races the limit, and at the deadline the
// call answers `timed_out` with the stage's text and events, its handler's signal aborted. Fake timers: the limit
// fires when the test says so, never because the machine was slow. Promise jobs are not faked, so awaits still run.
describe("a plain route's call under a time limit", () => {
  beforeEach(() => jest.useFakeTimers({ doNotFake: ["nextTick", "queueMicrotask", "setImmediate"] }));
  afterEach(() => jest.useRealTimers());

  const timedOutMessage =
    'Tool "wait" did not finish within 50 ms and was stopped. ' +
    "Try again with a smaller request, or tell the user it is too slow.";

  function makeAgent(options: { defaultTimeoutMs?: number } = {}) {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const seen: { signal?: AbortSignal; callId?: string; aborted?: boolean } = {};
    class Limited extends BaseAgent {
      static override agentName = "plain_limited";

      @tool({ description: "Add at once", params: { a: p.number() }, readOnly: true, timeoutMs: 50 })
      add({ a }: { a: number }): number {
        return a + 1;
      }

      @tool({ description: "Add at once, no limit of its own", params: { a: p.number() }, readOnly: true })
      addDefault({ a }: { a: number }): number {
        return a + 1;
      }

      @tool({ description: "Wait for the gate", params: { n: p.number() }, readOnly: true, timeoutMs: 50 })
      async wait({ n }: { n: number }, context: ToolCallContext): Promise<number> {
        seen.signal = context.signal;
        if (n > 0) context.reportProgress({ progress: n, total: 10 });
        await gate;
        return n;
      }

      @tool({ description: "Take the lane, then wait", params: { n: p.number() }, timeoutMs: 50 })
      async turn({ n }: { n: number }): Promise<number> {
        if (n > 0) await gate;
        return n;
      }

      @tool({ description: "Read the current call", params: { n: p.number() }, readOnly: true, timeoutMs: 50 })
      current({ n }: { n: number }): number | Promise<number> {
        const call = currentToolCall();
        seen.callId = call.callId;
        seen.aborted = call.signal.aborted;
        if (n === 0) return n;
        seen.signal = call.signal;
        return gate.then(() => n);
      }
    }
    const agent = new Limited({ registry: new ToolRegistry(), ...options });
    return { agent, release, seen };
  }

  it("answers a handler settled before any await at once, leaving no timer", async () => {
    const { agent } = makeAgent({ defaultTimeoutMs: 50 });
    const timers = jest.getTimerCount();
    for (const name of ["add", "addDefault"]) {
      const call = agent.callTool(name, { a: 1 });
      // The call is settled: no limit is running for it, before or after its promise is read.
      expect(jest.getTimerCount()).toBe(timers);
      expect(await call).toMatchObject({ ok: true, content: 2 });
      expect(jest.getTimerCount()).toBe(timers);
    }
  });

  it("answers a handler that finishes in time, and clears its timer", async () => {
    const { agent, release } = makeAgent();
    const timers = jest.getTimerCount();
    const call = agent.callTool("wait", { n: 0 });
    // The handler awaits: the limit is running.
    expect(jest.getTimerCount()).toBe(timers + 1);
    await jest.advanceTimersByTimeAsync(49);
    release();
    expect(await call).toMatchObject({ ok: true, content: 0 });
    expect(jest.getTimerCount()).toBe(timers);
  });

  it("times out a handler that outlives its limit: the model reads the stage's error, the handler's signal aborts", async () => {
    const { agent, seen } = makeAgent();
    const events: string[] = [];
    agent.on("after", (event) => void events.push(`after ${event.callId} ${event.result?.outcome}`));
    agent.on("error", (event) => void events.push(`error ${event.callId} ${(event.error as Error).constructor.name}`));
    const call = agent.callTool("wait", { n: 3 }, { callId: "plain" });
    await jest.advanceTimersByTimeAsync(50);
    const result = await call;
    expect(result).toMatchObject({
      ok: false,
      outcome: "timed_out",
      error: { code: ErrorCode.Timeout, message: timedOutMessage },
      // Reported before the deadline: the result says how far the call got.
      progress: { progress: 3, total: 10 },
    });
    expect(seen.signal?.aborted).toBe(true);
    expect(seen.signal?.reason).toBeInstanceOf(ToolTimeoutError);
    expect(jest.getTimerCount()).toBe(0);
    // The same call through the stages (a caller's signal sends it there) answers the same, and is heard the same.
    const staged = agent.callTool("wait", { n: 3 }, { callId: "staged", signal: new AbortController().signal });
    await jest.advanceTimersByTimeAsync(50);
    expect({ ...(await staged), callId: "plain" }).toEqual(result);
    expect(events).toEqual([
      "after plain timed_out",
      "error plain ToolTimeoutError",
      "after staged timed_out",
      "error staged ToolTimeoutError",
    ]);
  });

  it("gives a handler that reads currentToolCall() its own call, whose signal aborts at the limit", async () => {
    const { agent, seen } = makeAgent();
    expect(await agent.callTool("current", { n: 0 }, { callId: "sync" })).toMatchObject({ ok: true, content: 0 });
    expect(seen).toMatchObject({ callId: "sync", aborted: false });
    expect(jest.getTimerCount()).toBe(0);
    const call = agent.callTool("current", { n: 1 }, { callId: "late" });
    expect(seen).toMatchObject({ callId: "late", aborted: false });
    await jest.advanceTimersByTimeAsync(50);
    expect(await call).toMatchObject({ outcome: "timed_out", callId: "late", error: { code: ErrorCode.Timeout } });
    expect(seen.signal?.aborted).toBe(true);
    expect(seen.signal?.reason).toBeInstanceOf(ToolTimeoutError);
  });

  it("hands a serial tool's lane on at the limit, so the next call runs", async () => {
    const { agent } = makeAgent();
    const first = agent.callTool("turn", { n: 1 });
    const second = agent.callTool("turn", { n: 0 });
    let answered = false;
    void second.then(() => (answered = true));
    await jest.advanceTimersByTimeAsync(49);
    expect(answered).toBe(false);
    await jest.advanceTimersByTimeAsync(1);
    expect(await first).toMatchObject({ outcome: "timed_out", error: { code: ErrorCode.Timeout } });
    expect(await second).toMatchObject({ ok: true, content: 0 });
  });
});
