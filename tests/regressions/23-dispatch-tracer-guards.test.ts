import { BaseAgent, ToolRegistry, type ToolResult, tool } from "toolwright";
import { type CallTracer, setCallTracer } from "../../src/dispatch/call-tracer.js";
import { useFakeClock } from "../dispatch/runtime-helpers.js";

// Issue 23: dispatch trusted any installed tracer. A `settled()` that threw as a background task ended raised
// uncaught and skipped the task's listeners; a throwing `isTracing()` or `trace()` made `callTool` reject; a `trace()`
// that answered another result replaced the call's own. Isolation must hold for any tracer, not only toolwright/otel.

function tracer(overrides: Partial<CallTracer>): CallTracer {
  return { isTracing: () => true, trace: async (_call, run) => run(), settled: () => undefined, ...overrides };
}

class Echo extends BaseAgent {
  runs = 0;
  @tool({ description: "Echo", params: {} })
  echo() {
    this.runs += 1;
    return "real";
  }
}

const unexpected: unknown[] = [];
const onUnexpected = (error: unknown) => void unexpected.push(error);
beforeAll(() => {
  process.on("unhandledRejection", onUnexpected);
  process.on("uncaughtException", onUnexpected);
});
afterAll(() => {
  process.off("unhandledRejection", onUnexpected);
  process.off("uncaughtException", onUnexpected);
});
afterEach(() => {
  setCallTracer(undefined);
  jest.useRealTimers();
});

describe("dispatch with a faulty tracer (issue 23)", () => {
  const faults: [string, Partial<CallTracer>][] = [
    [
      "isTracing throws",
      {
        isTracing: () => {
          throw new Error("down");
        },
      },
    ],
    [
      "trace throws before running",
      {
        trace: () => {
          throw new Error("down");
        },
      },
    ],
    ["trace rejects before running", { trace: async () => Promise.reject(new Error("down")) }],
    [
      "trace rejects after running",
      {
        trace: async (_c, run) => {
          await run();
          throw new Error("end failed");
        },
      },
    ],
    [
      "trace answers another result",
      { trace: async (_c, run) => ({ ...(await run()), content: "forged" }) as ToolResult },
    ],
    [
      "trace runs the call twice",
      {
        trace: async (_c, run) => {
          await run();
          return run();
        },
      },
    ],
  ];

  it.each(faults)("gives the call's own result, run once, when %s", async (_name, fault) => {
    setCallTracer(tracer(fault));
    const agent = new Echo({ registry: new ToolRegistry() });
    const result = await agent.callTool("echo", {});
    expect(result).toMatchObject({ ok: true, content: "real" });
    expect(agent.runs).toBe(1);
  });

  it("neither raises nor skips the task's listeners when settled() throws as a background task ends", async () => {
    useFakeClock();
    setCallTracer(
      tracer({
        settled: () => {
          throw new Error("exporter down");
        },
      }),
    );
    let finish!: (value: string) => void;
    class Slow extends BaseAgent {
      @tool({ description: "Slow", params: {}, timeoutMs: 100, onTimeout: "background" })
      slow() {
        return new Promise<string>((resolve) => (finish = resolve));
      }
    }
    const agent = new Slow({ registry: new ToolRegistry() });
    const afters: (ToolResult | undefined)[] = [];
    agent.on("after", (event) => void afters.push(event.result));
    const pending = agent.callTool("slow", {});
    await jest.advanceTimersByTimeAsync(100);
    const handedOff = await pending;
    expect(handedOff.outcome).toBe("backgrounded");

    finish("late");
    const settled = await agent.tasks.wait(handedOff.taskId!);
    await jest.advanceTimersByTimeAsync(0);
    expect(settled).toMatchObject({ ok: true, content: "late" });
    expect(afters.map((r) => r?.content)).toContain("late");
    expect(unexpected).toEqual([]);
  });
});
