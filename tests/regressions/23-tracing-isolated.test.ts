import { type Span, SpanStatusCode, type Tracer, type TracerProvider, context } from "@opentelemetry/api";
import { AsyncLocalStorageContextManager } from "@opentelemetry/context-async-hooks";
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from "@opentelemetry/sdk-trace-base";
import { BaseAgent, ToolRegistry, type ToolResult, p, tool } from "toolwright";
import { instrumentTools } from "toolwright/otel";
import { useFakeClock } from "../dispatch/runtime-helpers.js";
import { makeTravelAgent } from "../adapters/adapter-agent.js";

// Issue 23: a tracer that threw when a background task ended exited the process; a throwing startSpan made callTool
// throw; a throwing end() rejected after the handler ran; with argument capture on, hostile arguments made callTool
// throw; and the handler's error text went into span status by default.

const exporter = new InMemorySpanExporter();
const sdk = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
const contextManager = new AsyncLocalStorageContextManager().enable();

/** Which span methods throw, for which spans (by the attributes they start with). */
interface Faults {
  readonly when?: (attributes: Record<string, unknown>) => boolean;
  readonly startSpan?: boolean;
  readonly methods?: readonly (keyof Span)[];
}

// The SDK's provider with faults put in: a broken exporter or vendor tracer, as an app may have.
function faultyProvider(faults: Faults): TracerProvider {
  const applies = (attributes: Record<string, unknown>) => faults.when?.(attributes) ?? true;
  return {
    getTracer(name: string): Tracer {
      const real = sdk.getTracer(name);
      const startSpan: Tracer["startSpan"] = (spanName, options, parent) => {
        const attributes = (options?.attributes ?? {}) as Record<string, unknown>;
        if (faults.startSpan && applies(attributes)) throw new Error("tracer down");
        const span = real.startSpan(spanName, options, parent);
        if (!applies(attributes)) return span;
        return new Proxy(span, {
          get(target, key) {
            if ((faults.methods as readonly PropertyKey[] | undefined)?.includes(key)) {
              return () => {
                throw new Error(`span.${String(key)} failed`);
              };
            }
            const value: unknown = Reflect.get(target, key, target);
            return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
          },
        });
      };
      return { startSpan, startActiveSpan: real.startActiveSpan.bind(real) } as Tracer;
    },
  };
}

const unexpected: unknown[] = [];
const onUnexpected = (error: unknown) => void unexpected.push(error);
let uninstrument: (() => void) | undefined;

beforeAll(() => {
  context.setGlobalContextManager(contextManager);
  process.on("unhandledRejection", onUnexpected);
  process.on("uncaughtException", onUnexpected);
});
afterAll(() => {
  context.disable();
  process.off("unhandledRejection", onUnexpected);
  process.off("uncaughtException", onUnexpected);
});
beforeEach(() => {
  exporter.reset();
  unexpected.length = 0;
});
afterEach(() => {
  uninstrument?.();
  uninstrument = undefined;
  jest.useRealTimers();
});

// What a caller relies on in a result; ids differ from call to call.
const essence = ({ ok, outcome, content, error }: ToolResult & { content?: unknown }) => ({
  ok,
  outcome,
  content,
  error: error && { code: error.code, message: error.message },
});

async function untracedAndTraced(call: (agent: BaseAgent) => Promise<ToolResult>, options = {}) {
  const untraced = await call(makeTravelAgent().agent);
  uninstrument = instrumentTools(options);
  const traced = await call(makeTravelAgent().agent);
  return { untraced: essence(untraced), traced: essence(traced) };
}

describe("a tracer that throws (issue 23)", () => {
  it("gives the untraced result when startSpan throws", async () => {
    const tracerProvider = faultyProvider({ startSpan: true });
    const success = await untracedAndTraced((a) => a.callTool("forecast", { city: "Oslo" }), { tracerProvider });
    expect(success.traced).toEqual(success.untraced);
    uninstrument?.();
    const failure = await untracedAndTraced((a) => a.callTool("forecast", { city: 3 }), { tracerProvider });
    expect(failure.traced).toEqual(failure.untraced);
  });

  it("resolves with the handler's result when span.end() throws after the handler ran", async () => {
    const tracerProvider = faultyProvider({ methods: ["end"] });
    const { untraced, traced } = await untracedAndTraced((a) => a.callTool("forecast", { city: "Oslo" }), {
      tracerProvider,
    });
    expect(traced).toEqual(untraced);
    expect(traced.ok).toBe(true);
  });

  it("gives the untraced failure when setAttribute, setStatus and isRecording throw", async () => {
    for (const methods of [["setAttribute"], ["setStatus"], ["isRecording"], ["spanContext"]] as const) {
      uninstrument?.();
      const tracerProvider = faultyProvider({ methods });
      const { untraced, traced } = await untracedAndTraced((a) => a.callTool("teleport", {}), { tracerProvider });
      expect(traced).toEqual(untraced);
      const waiting = await untracedAndTraced((a) => a.callTool("cancel_booking", { bookingId: "B-7" }), {
        tracerProvider,
      });
      expect(waiting.traced.outcome).toBe("awaiting_approval");
    }
  });

  it("neither raises nor loses the task's result when the tracer throws as a background task ends", async () => {
    useFakeClock();
    for (const faults of [
      { startSpan: true, when: (a: Record<string, unknown>) => a["toolwright.call.phase"] === "background" },
      {
        methods: ["end", "setAttribute"] as const,
        when: (a: Record<string, unknown>) => a["toolwright.call.phase"] === "background",
      },
    ]) {
      uninstrument?.();
      uninstrument = instrumentTools({ tracerProvider: faultyProvider(faults) });
      let finish!: (value: string) => void;
      class Slow extends BaseAgent {
        @tool({ description: "Slow", params: {}, timeoutMs: 100, onTimeout: "background" })
        slow() {
          return new Promise<string>((resolve) => (finish = resolve));
        }
      }
      const agent = new Slow({ registry: new ToolRegistry() });
      const pending = agent.callTool("slow", {});
      await jest.advanceTimersByTimeAsync(100);
      const handedOff = await pending;
      expect(handedOff.outcome).toBe("backgrounded");

      finish("late");
      const settled = await agent.tasks.wait(handedOff.taskId!);
      await new Promise((resolve) => setImmediate(resolve));

      expect(settled).toMatchObject({ ok: true, content: "late" });
      expect(unexpected).toEqual([]);
    }
  });
});

describe("argument capture with hostile arguments (issue 23)", () => {
  const cyclic: Record<string, unknown> = { city: "Oslo" };
  cyclic.self = cyclic;
  const hostile: [string, () => unknown][] = [
    [
      "a throwing toJSON",
      () => ({
        city: "Oslo",
        toJSON: () => {
          throw new Error("no JSON");
        },
      }),
    ],
    ["a BigInt", () => ({ city: "Oslo", days: 10n })],
    ["a cycle", () => cyclic],
    [
      "a Proxy whose traps throw",
      () =>
        new Proxy(
          {},
          {
            ownKeys: () => {
              throw new Error("trap");
            },
            get: () => {
              throw new Error("trap");
            },
          },
        ),
    ],
    [
      "a null-prototype object with a throwing toPrimitive",
      () =>
        Object.assign(Object.create(null) as object, {
          [Symbol.toPrimitive]: () => {
            throw new Error("no text");
          },
        }),
    ],
    [
      "a getter that throws",
      () =>
        Object.defineProperty({ city: "Oslo" }, "days", {
          enumerable: true,
          get: () => {
            throw new Error("getter");
          },
        }),
    ],
  ];

  it.each(hostile)("gives the untraced result when the arguments hold %s", async (_, make) => {
    const tracerProvider = sdk;
    const { untraced, traced } = await untracedAndTraced((a) => a.callTool("forecast", make()), {
      tracerProvider,
      captureArguments: true,
    });
    expect(traced).toEqual(untraced);
    expect(exporter.getFinishedSpans()).toHaveLength(1);
    expect(typeof exporter.getFinishedSpans()[0]?.attributes["gen_ai.tool.call.arguments"]).toBe("string");
  });

  it("records plain arguments as JSON and reads no getter of them when capture is on", async () => {
    uninstrument = instrumentTools({ tracerProvider: sdk, captureArguments: true });
    let reads = 0;
    const args = Object.defineProperty({ city: "Oslo" }, "days", {
      enumerable: true,
      get: () => ++reads,
    });
    await makeTravelAgent().agent.callTool("forecast", args);
    const readsTraced = reads;
    uninstrument();
    uninstrument = undefined;
    reads = 0;
    await makeTravelAgent().agent.callTool("forecast", args);

    expect(readsTraced).toBe(reads);
    expect(exporter.getFinishedSpans()[0]?.attributes["gen_ai.tool.call.arguments"]).toBe(
      '{"city":"Oslo","days":"[getter]"}',
    );
  });
});

describe("error text in spans (issue 23)", () => {
  class Accounts extends BaseAgent {
    @tool({ description: "Look up an account", params: { email: p.string() } })
    lookUp({ email }: { email: string }): never {
      throw new Error(`no account for ${email}`);
    }
  }

  it("leaves the handler's error text out of the span when the app has not opted in", async () => {
    uninstrument = instrumentTools({ tracerProvider: sdk });
    const result = await new Accounts({ registry: new ToolRegistry() }).callTool("lookUp", {
      email: "alice@example.com",
    });
    expect(result.error?.message).toContain("alice@example.com");

    const [span] = exporter.getFinishedSpans();
    expect(span?.status.code).toBe(SpanStatusCode.ERROR);
    expect(span?.attributes["error.type"]).toBe("TOOL_FAILED");
    expect(JSON.stringify([span?.status, span?.attributes, span?.events])).not.toContain("alice@example.com");
  });

  it("puts the error message in the span status when captureErrors is on", async () => {
    uninstrument = instrumentTools({ tracerProvider: sdk, captureErrors: true });
    await new Accounts({ registry: new ToolRegistry() }).callTool("lookUp", { email: "alice@example.com" });
    expect(exporter.getFinishedSpans()[0]?.status.message).toContain("no account for alice@example.com");
  });
});
