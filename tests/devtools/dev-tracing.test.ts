import * as api from "@opentelemetry/api";
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from "@opentelemetry/sdk-trace-base";
import { BaseAgent, ToolRegistry, tool } from "toolwright";
import { instrumentTools } from "toolwright/otel";
import { DevTracing, type TraceApi } from "../../src/devtools/dev-tracing.js";
import { SpanCollector } from "../../src/devtools/span-collector.js";

// The playground finds the app's global SDK provider and adds its collector, or says why not and how to turn it on.
class Echo extends BaseAgent {
  static override agentName = "echo";

  @tool({ description: "Echo", params: {} })
  echo() {
    return "echo";
  }
}

let uninstrument: (() => void) | undefined;
afterEach(() => {
  uninstrument?.();
  uninstrument = undefined;
  api.trace.disable();
});

function appProvider() {
  const exporter = new InMemorySpanExporter();
  const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
  return { exporter, provider };
}

const withProvider = (provider: unknown): TraceApi => ({ trace: { getTracerProvider: () => provider } });

describe("DevTracing", () => {
  it("adds its collector to the provider the app registered, beside its exporter, until closed", async () => {
    const { exporter, provider } = appProvider();
    api.trace.setGlobalTracerProvider(provider);
    uninstrument = instrumentTools();
    const collector = new SpanCollector();
    const tracing = new DevTracing(collector);
    const agent = new Echo({ registry: new ToolRegistry() });

    expect(await tracing.refresh()).toEqual({ on: true, provider: "BasicTracerProvider" });
    await agent.callTool("echo", {}, { callId: "dev_1" });
    expect(collector.spansOf("echo", "dev_1")?.spans.map((s) => s.name)).toEqual(["execute_tool echo"]);
    expect(exporter.getFinishedSpans().map((s) => s.name)).toEqual(["execute_tool echo"]);

    tracing.close();
    await agent.callTool("echo", {}, { callId: "dev_2" });
    expect(collector.spansOf("echo", "dev_2")).toBeUndefined();
    // The app's exporter goes on as before.
    expect(exporter.getFinishedSpans()).toHaveLength(2);
  });

  it("finds a provider the app registers after the first look", async () => {
    uninstrument = instrumentTools();
    const collector = new SpanCollector();
    const tracing = new DevTracing(collector);

    expect(await tracing.refresh()).toMatchObject({ on: false, reason: "no-provider" });
    api.trace.setGlobalTracerProvider(appProvider().provider);
    expect(await tracing.refresh()).toMatchObject({ on: true });
    // Asked again, it does not add the collector twice.
    expect(await tracing.refresh()).toMatchObject({ on: true });
    await new Echo({ registry: new ToolRegistry() }).callTool("echo", {}, { callId: "dev_1" });
    expect(collector.spansOf("echo", "dev_1")?.spans).toHaveLength(1);
  });

  it("leaves OpenTelemetry off when the app turned it off with OTEL_SDK_DISABLED", async () => {
    const { provider } = appProvider();
    api.trace.setGlobalTracerProvider(provider);
    uninstrument = instrumentTools();
    const collector = new SpanCollector();
    const tracing = new DevTracing(collector, { env: { OTEL_SDK_DISABLED: "TRUE" } });

    const status = await tracing.refresh();
    expect(status).toMatchObject({ on: false, reason: "disabled" });
    await new Echo({ registry: new ToolRegistry() }).callTool("echo", {}, { callId: "dev_1" });
    expect(collector.calls()).toEqual([]);
  });

  it("says how to turn tracing on when the API is not installed, nothing is registered, or calls are not traced", async () => {
    const missing = new DevTracing(new SpanCollector(), { loadApi: () => Promise.reject(new Error("not found")) });
    const none = new DevTracing(new SpanCollector(), { instrumented: () => true });
    const { provider } = appProvider();
    const plain = new DevTracing(new SpanCollector(), {
      loadApi: async () => withProvider(provider),
      instrumented: () => false,
    });

    expect(await missing.refresh()).toMatchObject({
      on: false,
      reason: "not-installed",
      howTo: expect.stringContaining("npm install @opentelemetry/api"),
    });
    expect(await none.refresh()).toMatchObject({
      on: false,
      reason: "no-provider",
      howTo: expect.stringContaining("instrumentTools()"),
    });
    expect(await plain.refresh()).toMatchObject({
      on: false,
      reason: "not-instrumented",
      howTo: expect.stringContaining('from "toolwright/otel"'),
    });
  });

  it("names a provider it cannot add a processor to", async () => {
    class VendorTracerProvider {
      getTracer() {
        return api.trace.getTracer("noop");
      }
    }
    const tracing = new DevTracing(new SpanCollector(), {
      loadApi: async () => withProvider(new VendorTracerProvider()),
      instrumented: () => true,
    });

    expect(await tracing.refresh()).toMatchObject({
      on: false,
      reason: "unsupported-provider",
      message: expect.stringContaining("VendorTracerProvider"),
    });
  });

  it("adds its collector through addSpanProcessor on a provider of SDK 1.x", async () => {
    const added: unknown[] = [];
    class BasicTracerProvider {
      addSpanProcessor(processor: unknown) {
        added.push(processor);
      }
    }
    const collector = new SpanCollector();
    const tracing = new DevTracing(collector, {
      loadApi: async () => withProvider(new BasicTracerProvider()),
      instrumented: () => true,
    });

    expect(await tracing.refresh()).toEqual({ on: true, provider: "BasicTracerProvider" });
    expect(added).toEqual([collector]);
  });
});
