import { context, trace } from "@opentelemetry/api";
import { AsyncLocalStorageContextManager } from "@opentelemetry/context-async-hooks";
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from "@opentelemetry/sdk-trace-base";
import { BaseAgent, ToolRegistry, p, tool } from "toolwright";
import { instrumentTools } from "toolwright/otel";
import { type CollectedCall, SpanCollector } from "../../src/devtools/span-collector.js";

// The collector as one more span processor of an SDK provider, fed by toolwright's own spans (instrumentTools) and
// a handler's spans under them.
const contextManager = new AsyncLocalStorageContextManager().enable();
beforeAll(() => context.setGlobalContextManager(contextManager));
afterAll(() => context.disable());

function setUp(limits = {}) {
  const changes: CollectedCall[] = [];
  const collector = new SpanCollector((call) => changes.push(call), limits);
  const provider = new BasicTracerProvider({ spanProcessors: [collector] });
  const uninstrument = instrumentTools({ tracerProvider: provider });
  const appTracer = provider.getTracer("app");

  class ShopAgent extends BaseAgent {
    static override agentName = "shop";

    @tool({ description: "Look an order up", params: { id: p.string() } })
    async lookUp({ id }: { id: string }) {
      // The handler's own spans: children of the call's span, one nested in another.
      return appTracer.startActiveSpan("db.query", async (query) => {
        appTracer.startSpan("db.row").end();
        query.end();
        return `order ${id}`;
      });
    }

    @tool({ description: "Refund an order", params: { id: p.string() }, requiresApproval: true })
    refund({ id }: { id: string }) {
      appTracer.startSpan("payments.refund").end();
      return `refunded ${id}`;
    }
  }
  const agent = new ShopAgent({ registry: new ToolRegistry() });
  return { collector, provider, agent, appTracer, changes, uninstrument };
}

let current: ReturnType<typeof setUp> | undefined;
afterEach(() => current?.uninstrument());
const start = (limits = {}) => (current = setUp(limits));

describe("SpanCollector", () => {
  it("keeps a call's span and the handler's spans under it, by agent and call id", async () => {
    const { collector, agent } = start();

    await agent.callTool("lookUp", { id: "A7" }, { callId: "dev_1" });

    const kept = collector.spansOf("shop", "dev_1");
    expect(kept?.tool).toBe("lookUp");
    expect(kept?.spans.map((s) => s.name).sort()).toEqual(["db.query", "db.row", "execute_tool lookUp"]);
    const call = kept!.spans.find((s) => s.name === "execute_tool lookUp")!;
    const query = kept!.spans.find((s) => s.name === "db.query")!;
    expect(query.parentSpanId).toBe(call.spanId);
    expect(kept!.spans.find((s) => s.name === "db.row")?.parentSpanId).toBe(query.spanId);
    expect(call.attributes["toolwright.call.outcome"]).toBe("success");
    expect(call.endMs).toBeGreaterThanOrEqual(call.startMs);
    expect(collector.calls()).toEqual([{ agent: "shop", callId: "dev_1", tool: "lookUp" }]);
  });

  it("keeps no span outside a call", () => {
    const { collector, appTracer } = start();

    appTracer.startActiveSpan("app.startup", (span) => {
      appTracer.startSpan("app.config").end();
      span.end();
    });

    expect(collector.calls()).toEqual([]);
  });

  it("adds an approved run's span to the call that waited, linked to the call's span", async () => {
    const { collector, agent } = start();

    const waiting = await agent.callTool("refund", { id: "A7" }, { callId: "dev_2" });
    expect(waiting.outcome).toBe("awaiting_approval");
    await agent.approvals.approve(waiting.approvalId!);

    const spans = collector.spansOf("shop", "dev_2")!.spans;
    const [first, approved] = spans.filter((s) => s.name === "execute_tool refund");
    expect(first?.attributes["toolwright.call.outcome"]).toBe("awaiting_approval");
    expect(approved?.attributes["toolwright.call.phase"]).toBe("approved");
    expect(approved?.links).toEqual([first?.spanId]);
    expect(spans.find((s) => s.name === "payments.refund")?.parentSpanId).toBe(approved?.spanId);
  });

  it("shows a running span as it is now, and a child started after its call's span ended still joins the call", () => {
    const { collector, appTracer } = start();
    const call = appTracer.startSpan("execute_tool reindex", {
      attributes: { "gen_ai.tool.call.id": "dev_3", "gen_ai.agent.name": "shop", "gen_ai.tool.name": "reindex" },
    });
    call.setAttribute("toolwright.call.outcome", "backgrounded");

    expect(collector.spansOf("shop", "dev_3")?.spans[0]).toMatchObject({
      attributes: { "toolwright.call.outcome": "backgrounded" },
    });
    expect(collector.spansOf("shop", "dev_3")?.spans[0]?.endMs).toBeUndefined();

    call.end();
    // The background work goes on under the ended span.
    appTracer.startSpan("shard", {}, trace.setSpan(context.active(), call)).end();
    expect(collector.spansOf("shop", "dev_3")?.spans.map((s) => s.name)).toEqual(["execute_tool reindex", "shard"]);
  });

  it("keeps the latest calls and counts the spans past a call's limit", async () => {
    const { collector, agent } = start({ maxCalls: 2, maxSpansPerCall: 2 });

    await agent.callTool("lookUp", { id: "1" }, { callId: "c1" });
    await agent.callTool("lookUp", { id: "2" }, { callId: "c2" });
    await agent.callTool("lookUp", { id: "3" }, { callId: "c3" });

    expect(collector.calls().map((c) => c.callId)).toEqual(["c3", "c2"]);
    expect(collector.spansOf("shop", "c1")).toBeUndefined();
    // The call's span and db.query are kept; db.row is counted.
    expect(collector.spansOf("shop", "c3")).toMatchObject({ dropped: 1 });
    expect(
      collector
        .spansOf("shop", "c3")
        ?.spans.map((s) => s.name)
        .sort(),
    ).toEqual(["db.query", "execute_tool lookUp"]);
  });

  it("tells which call changed, and keeps nothing once shut down", async () => {
    const { collector, agent, changes } = start();

    await agent.callTool("lookUp", { id: "A7" }, { callId: "dev_4" });
    expect(new Set(changes.map((c) => c.callId))).toEqual(new Set(["dev_4"]));

    await collector.shutdown();
    await agent.callTool("lookUp", { id: "A8" }, { callId: "dev_5" });
    expect(collector.spansOf("shop", "dev_5")).toBeUndefined();
  });

  it("passes the spans on to the app's own processors unchanged", async () => {
    // The same calls with and without the collector beside the app's exporter: the exporter gets the same spans.
    const exported = async (withCollector: boolean) => {
      const exporter = new InMemorySpanExporter();
      const processors = [new SimpleSpanProcessor(exporter), ...(withCollector ? [new SpanCollector()] : [])];
      const provider = new BasicTracerProvider({ spanProcessors: processors });
      const uninstrument = instrumentTools({ tracerProvider: provider });
      const tracer = provider.getTracer("app");
      class Plain extends BaseAgent {
        @tool({ description: "Work", params: {} })
        work() {
          tracer.startSpan("inner", { attributes: { n: 1 } }).end();
          return "done";
        }
      }
      await new Plain({ registry: new ToolRegistry() }).callTool("work", {}, { callId: "same" });
      uninstrument();
      // The agent's id is new for each agent; everything else must match.
      return exporter.getFinishedSpans().map(({ name, attributes, status, parentSpanContext }) => {
        const { "gen_ai.agent.id": _id, ...rest } = attributes;
        return { name, attributes: rest, status, hasParent: parentSpanContext !== undefined };
      });
    };

    expect(await exported(true)).toEqual(await exported(false));
  });
});
