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
