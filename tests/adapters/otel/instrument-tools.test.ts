import { SpanKind, SpanStatusCode, context, trace } from "@opentelemetry/api";
import { AsyncLocalStorageContextManager } from "@opentelemetry/context-async-hooks";
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from "@opentelemetry/sdk-trace-base";
import { instrumentTools } from "toolwright/otel";
import { BaseAgent, ToolRegistry, currentToolCall, p, tool } from "toolwright";
import { useFakeClock } from "../../dispatch/runtime-helpers.js";
import { makeTravelAgent } from "../adapter-agent.js";

const exporter = new InMemorySpanExporter();
const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
const contextManager = new AsyncLocalStorageContextManager().enable();
let uninstrument: () => void;

beforeAll(() => {
  context.setGlobalContextManager(contextManager);
});
afterAll(() => {
  context.disable();
});
beforeEach(() => {
  exporter.reset();
  uninstrument = instrumentTools({ tracerProvider: provider });
});
afterEach(() => {
  uninstrument();
  jest.useRealTimers();
});

const spans = () => exporter.getFinishedSpans();

describe("instrumentTools", () => {
  it("emits an execute_tool span with the GenAI attributes when a call succeeds", async () => {
    const { agent } = makeTravelAgent();

    await agent.callTool("forecast", { city: "Paris" }, { callId: "call-1" });

    expect(spans()).toHaveLength(1);
    const [span] = spans();
    expect(span?.name).toBe("execute_tool forecast");
    expect(span?.kind).toBe(SpanKind.INTERNAL);
    expect(span?.status.code).toBe(SpanStatusCode.UNSET);
    expect(span?.attributes).toEqual({
      "gen_ai.operation.name": "execute_tool",
      "gen_ai.tool.name": "forecast",
      "gen_ai.tool.call.id": "call-1",
      "gen_ai.tool.type": "function",
      "gen_ai.tool.description": "Get the weather forecast for a city",
      "gen_ai.agent.name": "travel_agent",
      "gen_ai.agent.id": agent.id,
      "toolwright.call.outcome": "success",
    });
  });

  it("records arguments and results only when the app opts in", async () => {
    uninstrument();
    uninstrument = instrumentTools({ tracerProvider: provider, captureArguments: true, captureResults: true });
    const { agent } = makeTravelAgent();

    await agent.callTool("forecast", '{"city":"Rome"}');

    expect(spans()[0]?.attributes).toMatchObject({
      "gen_ai.tool.call.arguments": '{"city":"Rome"}',
      "gen_ai.tool.call.result": '{"city":"Rome","days":1,"sky":"sunny"}',
    });
  });

  it("sets status ERROR and error.type when the model's call fails", async () => {
    const { agent } = makeTravelAgent();

    await agent.callTool("forecast", { city: 3 });
    await agent.callTool("teleport", {});

    expect(spans().map((s) => [s.name, s.status.code, s.attributes["error.type"]])).toEqual([
      ["execute_tool forecast", SpanStatusCode.ERROR, "INVALID_ARGUMENTS"],
      ["execute_tool teleport", SpanStatusCode.ERROR, "TOOL_NOT_FOUND"],
    ]);
  });

  it("makes the call's span the parent of spans the handler starts", async () => {
    class Fetcher extends BaseAgent {
      @tool({ description: "Fetch", params: { url: p.string() } })
      fetchPage({ url }: { url: string }) {
        provider.getTracer("app").startSpan(`GET ${url}`).end();
        return currentToolCall().callId;
      }
    }
    const agent = new Fetcher({ registry: new ToolRegistry() });

    await agent.callTool("fetchPage", { url: "https://example.com" });

    const [child, call] = spans();
    expect(child?.name).toBe("GET https://example.com");
    expect(child?.parentSpanContext?.spanId).toBe(call?.spanContext().spanId);
  });

  it("links the approved run's span to the call that waited for approval", async () => {
    const { agent } = makeTravelAgent();
    const waiting = await agent.callTool("cancel_booking", { bookingId: "B-1" }, { callId: "call-9" });

    await agent.approvals.approve(waiting.approvalId!);

    const [asked, ran] = spans();
    expect(asked?.attributes["toolwright.call.outcome"]).toBe("awaiting_approval");
    expect(asked?.status.code).toBe(SpanStatusCode.UNSET);
    expect(ran?.attributes).toMatchObject({ "toolwright.call.phase": "approved", "gen_ai.tool.call.id": "call-9" });
    expect(ran?.links.map((l) => l.context.spanId)).toEqual([asked?.spanContext().spanId]);
  });

  it("ends a background task's span, linked to its call, when the task settles", async () => {
    useFakeClock();
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
    const result = await pending;
    finish("late");
    await agent.tasks.wait(result.taskId!);

    const [call, task] = spans();
    expect(call?.attributes["toolwright.call.outcome"]).toBe("backgrounded");
    expect(task?.attributes).toMatchObject({
      "toolwright.call.phase": "background",
      "toolwright.call.outcome": "success",
    });
    expect(task?.links.map((l) => l.context.spanId)).toEqual([call?.spanContext().spanId]);
  });

  it("starts emitting when an SDK registers its provider after instrumentTools()", async () => {
    uninstrument();
    uninstrument = instrumentTools();
    const { agent } = makeTravelAgent();
    const before = await agent.callTool("forecast", { city: "Lima" });
    expect(before.ok).toBe(true);
    expect(spans()).toEqual([]);

    trace.setGlobalTracerProvider(provider);
    try {
      await agent.callTool("forecast", { city: "Lima" });
    } finally {
      trace.disable();
    }

    expect(spans().map((s) => s.name)).toEqual(["execute_tool forecast"]);
  });

  it("emits nothing once the instrumentation is removed", async () => {
    uninstrument();
    const { agent } = makeTravelAgent();

    await agent.callTool("forecast", { city: "Paris" });

    expect(spans()).toEqual([]);
  });
});
