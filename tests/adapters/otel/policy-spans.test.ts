// issue 38: a call's session, a cache hit, untrusted output and a repeat's note are attributes of its span.
import { context } from "@opentelemetry/api";
import { AsyncLocalStorageContextManager } from "@opentelemetry/context-async-hooks";
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from "@opentelemetry/sdk-trace-base";
import { instrumentTools } from "toolwright/otel";
import { BaseAgent, ToolRegistry, p, tool } from "toolwright";

const exporter = new InMemorySpanExporter();
const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
const contextManager = new AsyncLocalStorageContextManager().enable();
let uninstrument: () => void;

beforeAll(() => {
  context.setGlobalContextManager(contextManager);
  uninstrument = instrumentTools({ tracerProvider: provider });
});
afterAll(() => {
  uninstrument();
  context.disable();
});

class Reader extends BaseAgent {
  static override agentName = "span_reader";
  @tool({
    description: "Fetch a page",
    params: { url: p.string() },
    openWorld: true,
    readOnly: true,
    cache: { ttlMs: 60_000 },
    repeat: { nudgeAt: 2, refuseAt: 9 },
  })
  fetchPage({ url }: { url: string }) {
    return `page ${url}`;
  }
}

it("marks a span with the session, a cache hit, untrusted output and a repeat's note", async () => {
  const agent = new Reader({ registry: new ToolRegistry() });
  await agent.callTool("fetchPage", { url: "u" }, { session: "s1" });
  await agent.callTool("fetchPage", { url: "u" }, { session: "s1" });
  const [first, second] = exporter.getFinishedSpans().map((span) => span.attributes);
  expect(first).toMatchObject({ "toolwright.session": "s1", "toolwright.output.untrusted": true });
  expect(first!["toolwright.cache.hit"]).toBeUndefined();
  expect(second).toMatchObject({
    "toolwright.session": "s1",
    "toolwright.cache.hit": true,
    "toolwright.output.untrusted": true,
    "toolwright.repeat.noted": true,
  });
});

class Remover extends BaseAgent {
  static override agentName = "span_remover";
  @tool({ description: "Remove", params: { path: p.string() }, requiresApproval: true })
  remove({ path }: { path: string }) {
    return `removed ${path}`;
  }
}

it("names the grant a call ran under on its span", async () => {
  exporter.reset();
  const agent = new Remover({ registry: new ToolRegistry() });
  const asked = await agent.callTool("remove", { path: "a" }, { session: "s1" });
  await agent.approvals.approve(asked.approvalId!, { remember: "session" });
  const granted = await agent.callTool("remove", { path: "b" }, { session: "s1" });
  const spans = exporter.getFinishedSpans().map((span) => span.attributes);
  expect(granted.grant).toBeDefined();
  expect(spans.at(-1)).toMatchObject({ "toolwright.approval.grant": granted.grant!.id });
  expect(spans.filter((s) => s["toolwright.approval.grant"] !== undefined)).toHaveLength(1);
});
