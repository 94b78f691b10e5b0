import {
  BaseAgent,
  ErrorCode,
  ToolRegistry,
  ToolTimeoutError,
  type ToolEvent,
  currentToolCall,
  p,
  tool,
} from "toolwright";
import { deferred, flush, track, useFakeClock } from "./runtime-helpers.js";

beforeEach(useFakeClock);
afterEach(() => jest.useRealTimers());

describe("timeouts", () => {
  it("ends with timed_out at the deadline when the handler hangs", async () => {
    class Slow extends BaseAgent {
      @tool({ description: "Never ends", timeoutMs: 1_000 })
      hang() {
        return new Promise(() => {});
      }
    }
    const call = track(new Slow({ registry: new ToolRegistry() }).callTool("hang", {}));
    await jest.advanceTimersByTimeAsync(999);
    expect(call.settled).toBe(false);
    await jest.advanceTimersByTimeAsync(1);
    expect(call.settled).toBe(true);
    expect(call.value).toMatchObject({ ok: false, outcome: "timed_out", error: { code: ErrorCode.Timeout } });
    expect(call.value?.error?.message).toContain("did not finish within 1000 ms");
  });

  it("aborts the handler's signal with a ToolTimeoutError when the deadline passes", async () => {
    const seen: unknown[] = [];
    class Slow extends BaseAgent {
      @tool({ description: "Waits for its signal", timeoutMs: 50 })
      wait() {
        const { signal } = currentToolCall();
        return new Promise((_resolve, reject) => {
          signal.addEventListener("abort", () => {
            seen.push(signal.reason);
            reject(signal.reason);
          });
        });
      }
    }
    const result = new Slow({ registry: new ToolRegistry() }).callTool("wait", {});
    await jest.advanceTimersByTimeAsync(50);
    expect((await result).outcome).toBe("timed_out");
    expect(seen).toHaveLength(1);
    expect(seen[0]).toBeInstanceOf(ToolTimeoutError);
    expect(seen[0]).toMatchObject({ toolName: "wait", timeoutMs: 50 });
  });

  it("drops a late result without an unhandled rejection when the handler settles after its deadline", async () => {
    const late = deferred<string>();
    const unhandled = jest.fn();
    process.on("unhandledRejection", unhandled);
    try {
      class Slow extends BaseAgent {
        @tool({ description: "Late", timeoutMs: 10 })
        late() {
          return late.promise;
        }
      }
      const agent = new Slow({ registry: new ToolRegistry() });
      const afters: ToolEvent[] = [];
      agent.on("after", (event) => void afters.push(event));
      const result = agent.callTool("late", {});
      await jest.advanceTimersByTimeAsync(10);
      expect((await result).outcome).toBe("timed_out");
      late.reject(new Error("too late"));
      await flush();
      await new Promise((resolve) => setImmediate(resolve));
      expect(unhandled).not.toHaveBeenCalled();
      expect(afters.map((event) => event.result?.outcome)).toEqual(["timed_out"]);
    } finally {
      process.off("unhandledRejection", unhandled);
    }
  });

  it("reports the ToolTimeoutError on the error event when a call times out", async () => {
    class Slow extends BaseAgent {
      @tool({ description: "Never ends", timeoutMs: 5 })
      hang() {
        return new Promise(() => {});
      }
    }
    const agent = new Slow({ registry: new ToolRegistry() });
    const errors: unknown[] = [];
    agent.on("error", (event) => void errors.push(event.error));
    const result = agent.callTool("hang", {});
    await jest.advanceTimersByTimeAsync(5);
    await result;
    expect(errors[0]).toBeInstanceOf(ToolTimeoutError);
  });

  it("applies the agent's defaultTimeoutMs when the tool sets no timeoutMs", async () => {
    class Slow extends BaseAgent {
      @tool({ description: "Never ends", readOnly: true })
      hang() {
        return new Promise(() => {});
      }
      @tool({ description: "Own limit", timeoutMs: 300, readOnly: true })
      own() {
        return new Promise(() => {});
      }
    }
    const agent = new Slow({ registry: new ToolRegistry(), defaultTimeoutMs: 100 });
    const byDefault = track(agent.callTool("hang", {}));
    const byOwn = track(agent.callTool("own", {}));
    await jest.advanceTimersByTimeAsync(100);
    expect(byDefault.value?.outcome).toBe("timed_out");
    expect(byOwn.settled).toBe(false);
    await jest.advanceTimersByTimeAsync(200);
    expect(byOwn.value?.outcome).toBe("timed_out");
  });

  it("counts the time limit from the handler's start when a serial call waited for the lane", async () => {
    class Slow extends BaseAgent {
      @tool({ description: "Never ends", timeoutMs: 100 })
      hang() {
        return new Promise(() => {});
      }
    }
    const agent = new Slow({ registry: new ToolRegistry() });
    const first = track(agent.callTool("hang", {}));
    const second = track(agent.callTool("hang", {}));
    await jest.advanceTimersByTimeAsync(100);
    expect(first.value?.outcome).toBe("timed_out");
    expect(second.settled).toBe(false);
    await jest.advanceTimersByTimeAsync(100);
    expect(second.value?.outcome).toBe("timed_out");
  });

  it("leaves no timer behind when the handler finishes before its deadline", async () => {
    class Quick extends BaseAgent {
      @tool({ description: "Quick", params: { n: p.integer() }, timeoutMs: 60_000 })
      async double({ n }: { n: number }) {
        return n * 2;
      }
    }
    const result = await new Quick({ registry: new ToolRegistry() }).callTool("double", { n: 21 });
    expect(result).toMatchObject({ ok: true, content: 42 });
    expect(jest.getTimerCount()).toBe(0);
  });

  it("runs a synchronous handler under a time limit when the tool has one", async () => {
    class Sync extends BaseAgent {
      @tool({ description: "Sync", timeoutMs: 10 })
      now() {
        return currentToolCall().signal.aborted;
      }
    }
    expect(await new Sync({ registry: new ToolRegistry() }).callTool("now", {})).toMatchObject({
      ok: true,
      content: false,
    });
  });
});
