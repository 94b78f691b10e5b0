import { context, trace } from "@opentelemetry/api";
import { AsyncLocalStorageContextManager } from "@opentelemetry/context-async-hooks";
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from "@opentelemetry/sdk-trace-base";
import { request } from "node:http";
import { join } from "node:path";
import { BaseAgent, ToolRegistry, p, tool } from "toolwright";
import { instrumentTools } from "toolwright/otel";
import { type DevServer, startDevServer } from "../../src/devtools/index.js";

// api/spans of the server in process: a call's span tree when the app traces, and how to turn tracing on when not.
const exporter = new InMemorySpanExporter();
const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
const appTracer = provider.getTracer("app");
let failures = 0;

class FlakyAgent extends BaseAgent {
  static override agentName = "flaky";

  @tool({ description: "Fetch a page, retrying once", params: { url: p.string() }, maxRetries: 1, timeoutMs: 5_000 })
  fetchPage({ url }: { url: string }) {
    appTracer.startSpan("http.get", { attributes: { "url.full": url } }).end();
    if (failures++ === 0) throw new Error("connection reset");
    return "<html>";
  }
}

const assetsDir = join(__dirname, "../../src/devtools/page");
const started: DevServer[] = [];
let uninstrument: () => void;

async function serve(): Promise<DevServer> {
  const server = await startDevServer({
    agents: [new FlakyAgent({ registry: new ToolRegistry() })],
    module: "flaky.ts",
    assetsDir,
  });
  started.push(server);
  return server;
}

interface SpanNode {
  readonly name: string;
  readonly attributes: unknown;
  readonly children: SpanNode[];
}
interface Answer {
  readonly result: { readonly callId: string };
  readonly tracing: unknown;
  readonly call: unknown;
  readonly calls: unknown;
  readonly tree: { readonly roots: SpanNode[] };
}

// Every answer read as the one shape above: each assertion reads the fields its route answers.
function send(server: DevServer, method: string, path: string, body?: unknown): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const headers = { host: `127.0.0.1:${server.port}`, "content-type": "application/json" };
    const req = request(
      { host: "127.0.0.1", port: server.port, method, path: `/${server.token}${path}`, headers },
      (res) => {
        let text = "";
        res.on("data", (chunk: Buffer) => (text += chunk.toString()));
        res.on("end", () => resolve(JSON.parse(text) as Answer));
      },
    );
    req.on("error", reject);
    req.end(body === undefined ? undefined : JSON.stringify(body));
  });
}

/**
 * Opens the server's event stream and resolves once the server has it (its `hello` came), with a function that
 * resolves with the data of the first event named `name` after that.
 */
function openEvents(server: DevServer): Promise<(name: string) => Promise<unknown>> {
  return new Promise((opened, reject) => {
    let text = "";
    const waiting: { name: string; resolve: (data: unknown) => void }[] = [];
    const check = () => {
      for (const wait of [...waiting]) {
        const found = new RegExp(`event: ${wait.name}\\ndata: (.*)\\n`).exec(text);
        if (!found) continue;
        waiting.splice(waiting.indexOf(wait), 1);
        wait.resolve(JSON.parse(found[1]!));
      }
    };
    const headers = { host: `127.0.0.1:${server.port}` };
    const req = request({ host: "127.0.0.1", port: server.port, path: `/${server.token}/events`, headers }, (res) => {
      res.on("data", (chunk: Buffer) => {
        const first = text === "";
        text += chunk.toString();
        if (first) {
          opened((name) => new Promise((resolve) => (waiting.push({ name, resolve }), check())));
          // Only what comes after the stream was opened counts.
          text = text.slice(text.indexOf("event: hello"));
        }
        check();
      });
    });
    req.on("error", (error) => (error.message === "socket hang up" ? undefined : reject(error)));
    req.end();
  });
}

afterEach(async () => {
  await Promise.all(started.splice(0).map((server) => server.close()));
  uninstrument?.();
  trace.disable();
  context.disable();
});

describe("startDevServer's api/spans", () => {
  it("answers a call's span tree, with the handler's spans under the call's, its retries and its time limit", async () => {
    context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
    trace.setGlobalTracerProvider(provider);
    uninstrument = instrumentTools();
    const server = await serve();
    const nextEvent = await openEvents(server);
    const told = nextEvent("spans");

    const called = await send(server, "POST", "/api/call", {
      agent: "flaky",
      tool: "fetchPage",
      args: { url: "x:/a" },
    });
    expect(called.result).toMatchObject({ ok: true, attempts: 2 });
    expect(await told).toEqual([{ agent: "flaky", callId: called.result.callId }]);

    const answer = await send(server, "GET", `/api/spans?agent=flaky&callId=${called.result.callId}`);
    expect(answer.tracing).toEqual({ on: true, provider: "BasicTracerProvider" });
    expect(answer.call).toEqual({
      agent: "flaky",
      callId: called.result.callId,
      tool: "fetchPage",
      timeoutMs: 5_000,
      maxRetries: 1,
      outcome: "success",
      attempts: 2,
    });
    const [root, ...others] = answer.tree.roots;
    expect(others).toEqual([]);
    expect(root).toMatchObject({ name: "execute_tool fetchPage", status: "unset" });
    expect(root?.children.map((child) => child.name)).toEqual(["http.get", "http.get"]);
    expect(root?.children[0]?.attributes).toEqual([["url.full", "x:/a"]]);
    // The app's exporter got every span as well.
    expect(exporter.getFinishedSpans().map((s) => s.name)).toEqual(["http.get", "http.get", "execute_tool fetchPage"]);

    expect((await send(server, "GET", "/api/spans")).calls).toEqual([
      { agent: "flaky", callId: called.result.callId, tool: "fetchPage" },
    ]);
  });

  it("says why there are no spans, and how to turn them on, when no tracer provider is registered", async () => {
    uninstrument = instrumentTools();
    const server = await serve();

    const answer = await send(server, "GET", "/api/spans");

    expect(answer).toMatchObject({
      tracing: { on: false, reason: "no-provider", howTo: expect.stringContaining("register()") },
      calls: [],
    });
  });
});
