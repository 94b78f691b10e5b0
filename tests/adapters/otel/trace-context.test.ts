// Trace context across MCP (SEP-414): a tools/call whose `_meta` carries `traceparent` / `tracestate` gets a span that
// is a child of that trace; a malformed traceparent is ignored, never an error; and an imported tool's call sends the
// current trace context, so the remote server's span joins the caller's trace (both served here, one exporter).
import { context } from "@opentelemetry/api";
import { AsyncLocalStorageContextManager } from "@opentelemetry/context-async-hooks";
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from "@opentelemetry/sdk-trace-base";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { instrumentTools } from "toolwright/otel";
import { BaseAgent, ToolRegistry, p, tool } from "toolwright";
import { type HttpMcpServerHandle, importMcpTools, serveMcp } from "toolwright/mcp";

jest.setTimeout(20_000);

const exporter = new InMemorySpanExporter();
const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
const contextManager = new AsyncLocalStorageContextManager().enable();
let uninstrument: () => void;

const TRACE_ID = "4bf92f3577b34da6a3ce929d0e0e4736";
const PARENT_ID = "00f067aa0ba902b7";
const TRACEPARENT = `00-${TRACE_ID}-${PARENT_ID}-01`;

beforeAll(() => {
  context.setGlobalContextManager(contextManager);
  uninstrument = instrumentTools({ tracerProvider: provider });
});
afterAll(() => {
  uninstrument();
  context.disable();
});
beforeEach(() => exporter.reset());

class EchoAgent extends BaseAgent {
  static override agentName = "echo";

  @tool({ description: "Echo", params: { text: p.string() }, readOnly: true })
  echo({ text }: { text: string }) {
    return text;
  }
}

const spansNamed = (name: string) => exporter.getFinishedSpans().filter((span) => span.name === name);

describe("trace context on a call", () => {
  it("makes the call's span a child of the caller's trace, tracestate kept", async () => {
    const agent = new EchoAgent({ registry: new ToolRegistry() });
    const traceContext = { traceparent: TRACEPARENT, tracestate: "vendor=abc,other=1" };
    expect(await agent.callTool("echo", { text: "hi" }, { traceContext })).toMatchObject({ ok: true });
    const [span] = spansNamed("execute_tool echo");
    expect(span!.spanContext().traceId).toBe(TRACE_ID);
    expect(span!.parentSpanContext).toMatchObject({ traceId: TRACE_ID, spanId: PARENT_ID, isRemote: true });
    expect(span!.spanContext().traceState?.get("vendor")).toBe("abc");
  });

  it.each([
    ["the wrong length", `00-${TRACE_ID}-${PARENT_ID.slice(1)}-01`],
    ["upper-case hex", `00-${TRACE_ID.toUpperCase()}-${PARENT_ID}-01`],
    ["an all-zero trace id", `00-${"0".repeat(32)}-${PARENT_ID}-01`],
    ["an all-zero parent id", `00-${TRACE_ID}-${"0".repeat(16)}-01`],
    ["version ff", `ff-${TRACE_ID}-${PARENT_ID}-01`],
    ["fields after version 00", `${TRACEPARENT}-extra`],
    ["no traceparent at all", "nonsense"],
  ])("ignores a traceparent with %s: a trace of its own, and the call runs", async (_why, traceparent) => {
    const agent = new EchoAgent({ registry: new ToolRegistry() });
    expect(await agent.callTool("echo", { text: "hi" }, { traceContext: { traceparent } })).toMatchObject({ ok: true });
    const [span] = spansNamed("execute_tool echo");
    expect(span!.spanContext().traceId).not.toBe(TRACE_ID);
    expect(span!.parentSpanContext).toBeUndefined();
  });

  it("keeps a valid traceparent when its tracestate is malformed", async () => {
    const agent = new EchoAgent({ registry: new ToolRegistry() });
    const traceContext = { traceparent: TRACEPARENT, tracestate: "=,,===" };
    expect(await agent.callTool("echo", { text: "x" }, { traceContext })).toMatchObject({ ok: true });
    expect(spansNamed("execute_tool echo")[0]!.spanContext().traceId).toBe(TRACE_ID);
  });
});

describe("trace context over MCP", () => {
  let server: HttpMcpServerHandle;
  beforeAll(async () => {
    server = await serveMcp(new EchoAgent({ registry: new ToolRegistry() }), { transport: "http" });
  });
  afterAll(async () => {
    await server?.close();
  });

  it("continues a tools/call's _meta.traceparent in the served call's span", async () => {
    const client = new Client({ name: "traced", version: "1.0.0" });
    await client.connect(new StreamableHTTPClientTransport(new URL(server.url)));
    await client.callTool({ name: "echo", arguments: { text: "a" }, _meta: { traceparent: TRACEPARENT } });
    await client.callTool({ name: "echo", arguments: { text: "b" }, _meta: { traceparent: "00-bad" } });
    const [continued, fresh] = spansNamed("execute_tool echo");
    expect(continued!.parentSpanContext).toMatchObject({ traceId: TRACE_ID, spanId: PARENT_ID });
    expect(fresh!.spanContext().traceId).not.toBe(TRACE_ID);
    await client.close();
  });

  it("sends the current trace context on an imported tool's call, so the remote span joins the caller's trace", async () => {
    const registry = new ToolRegistry();
    class Caller extends BaseAgent {
      static override agentName = "caller";
    }
    const caller = new Caller({ registry });
    const client = new Client({ name: "importer", version: "1.0.0" });
    await client.connect(new StreamableHTTPClientTransport(new URL(server.url)));
    const imported = await importMcpTools(client, { registry, allowedAgents: ["caller"], prefix: "remote_" });
    expect(await caller.callTool("remote_echo", { text: "c" })).toMatchObject({ ok: true });
    const [local] = spansNamed("execute_tool remote_echo");
    const [remote] = spansNamed("execute_tool echo");
    expect(remote!.spanContext().traceId).toBe(local!.spanContext().traceId);
    expect(remote!.parentSpanContext?.spanId).toBe(local!.spanContext().spanId);
    await imported.close();
    await client.close();
  });
});
