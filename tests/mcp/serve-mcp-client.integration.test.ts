// A tool's `context.client` end to end: serveMcp over real HTTP, the official v2 client on both eras. On 2025-11-25
// the tool's requests are server-to-client requests over the session; on 2026-07-28 the call answers input_required,
// the client fulfils it with the same handlers and retries, and the handler runs again with the answers.
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { BaseAgent, ToolRegistry, type ToolCallContext, p, tool } from "toolwright";
import { type HttpMcpServerHandle, serveMcp } from "../../src/mcp/serve-mcp.js";

jest.setTimeout(30_000);

/** What each run of a tool saw: per tool, one entry per run (its call id and idempotency key). */
const runs = new Map<string, { callId: string; key: string }[]>();
const effects: string[] = [];

function record(name: string, context: ToolCallContext) {
  const list = runs.get(name) ?? [];
  list.push({ callId: context.callId, key: context.idempotencyKey });
  runs.set(name, list);
  return context.client!;
}

const NAME = { type: "object", properties: { name: { type: "string" } }, required: ["name"] } as const;
const text = (content: unknown) => (content as { text: string }).text;

class DeskAgent extends BaseAgent {
  static override agentName = "desk";

  @tool({ description: "Logs while it runs", params: {} })
  async chatty(_args: object, context: ToolCallContext) {
    const client = record("chatty", context);
    await client.log("info", "starting");
    await client.log("debug", { step: 2 }, "desk");
    return "done";
  }

  @tool({ description: "Greets the user by name", params: { greeting: p.string() } })
  async greet({ greeting }: { greeting: string }, context: ToolCallContext) {
    const answer = await record("greet", context).elicit({ message: "Your name?", requestedSchema: NAME });
    return answer.action === "accept" ? `${greeting}, ${String(answer.content?.name)}!` : `no (${answer.action})`;
  }

  @tool({ description: "Asks the client's model", params: { question: p.string() } })
  async ask({ question }: { question: string }, context: ToolCallContext) {
    const answer = await record("ask", context).sample({
      messages: [{ role: "user", content: { type: "text", text: question } }],
      maxTokens: 30,
    });
    return `${answer.model}: ${text(answer.content)}`;
  }

  @tool({ description: "Lists the client's roots", params: {} })
  async roots(_args: object, context: ToolCallContext) {
    const roots = await record("roots", context).listRoots();
    return roots.map((root) => `${root.name ?? "?"}=${root.uri}`).join(";");
  }

  @tool({ description: "Asks twice, then books once", params: { city: p.string() } })
  async book({ city }: { city: string }, context: ToolCallContext) {
    const client = record("book", context);
    const who = await client.elicit({ message: "Who?", requestedSchema: NAME }, { key: "who" });
    const [model, roots] = await Promise.all([
      client.sample({ messages: [{ role: "user", content: { type: "text", text: "ok?" } }], maxTokens: 5 }),
      client.listRoots(),
    ]);
    // The side effect comes after the last request: every run before it stopped at a request without an answer.
    effects.push(`${city}:${String(who.content?.name)}`);
    return `booked ${city} for ${String(who.content?.name)} (${model.model}, ${roots.length} roots)`;
  }

  @tool({ description: "Needs sampling", params: {} })
  async needsModel(_args: object, context: ToolCallContext) {
    const answer = await record("needsModel", context).sample({
      messages: [{ role: "user", content: { type: "text", text: "hi" } }],
      maxTokens: 5,
    });
    return text(answer.content);
  }

  @tool({ description: "Asks two things but waits for one", params: {} })
  async hasty(_args: object, context: ToolCallContext) {
    const client = record("hasty", context);
    void client.listRoots({ key: "ignored" });
    const answer = await client.elicit({ message: "Name?", requestedSchema: NAME }, { key: "name" });
    return String(answer.content?.name);
  }

  @tool({ description: "Says what the client supports", params: {} })
  features(_args: object, context: ToolCallContext) {
    const client = context.client;
    if (client === undefined) return "no client";
    return (["elicitation", "sampling", "roots"] as const).filter((f) => client.supports(f)).join(",") || "none";
  }
}

type Era = "legacy" | "modern";
const ERAS: Era[] = ["legacy", "modern"];

interface Asked {
  elicit: number;
  sample: number;
  roots: number;
  logs: unknown[];
}

async function connect(url: string, era: Era, capabilities: Record<string, object> = FULL) {
  const client = new Client(
    { name: `desk-${era}`, version: "1.0.0" },
    { capabilities, ...(era === "modern" ? { versionNegotiation: { mode: { pin: "2026-07-28" } } } : {}) },
  );
  const asked: Asked = { elicit: 0, sample: 0, roots: 0, logs: [] };
  if ("elicitation" in capabilities)
    client.setRequestHandler("elicitation/create", () => {
      asked.elicit += 1;
      return { action: "accept", content: { name: "Ada" } };
    });
  if ("sampling" in capabilities)
    client.setRequestHandler("sampling/createMessage", () => {
      asked.sample += 1;
      return { role: "assistant", content: { type: "text", text: "Paris" }, model: "test-model" };
    });
  if ("roots" in capabilities)
    client.setRequestHandler("roots/list", () => {
      asked.roots += 1;
      return { roots: [{ uri: "file:///work", name: "work" }] };
    });
  client.setNotificationHandler("notifications/message", (notification) => void asked.logs.push(notification.params));
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  expect(client.getNegotiatedProtocolVersion()).toBe(era === "modern" ? "2026-07-28" : "2025-11-25");
  return { client, asked };
}

const FULL = { elicitation: { form: {} }, sampling: {}, roots: {} };

describe("context.client over serveMcp", () => {
  let server: HttpMcpServerHandle;

  beforeAll(async () => {
    server = await serveMcp(new DeskAgent({ registry: new ToolRegistry() }), { transport: "http" });
  });
  afterAll(() => server?.close());
  beforeEach(() => {
    runs.clear();
    effects.length = 0;
  });

  const textOf = (result: { content?: unknown }) => (result.content as { text: string }[])[0]!.text;

  it.each(ERAS)("sends a tool's log messages to the client at the level it asked for (%s)", async (era) => {
    const { client, asked } = await connect(server.url, era);
    if (era === "legacy") await client.setLoggingLevel("info");
    const meta = era === "modern" ? { _meta: { "io.modelcontextprotocol/logLevel": "info" } } : {};
    const result = await client.callTool({ name: "chatty", arguments: {}, ...meta });
    expect(textOf(result)).toBe("done");
    // The debug message is below the level the client asked for.
    expect(asked.logs).toEqual([{ level: "info", data: "starting" }]);
    await client.close();
  });

  it.each(ERAS)("asks the user through elicitation and answers with the reply (%s)", async (era) => {
    const { client, asked } = await connect(server.url, era);
    const result = await client.callTool({ name: "greet", arguments: { greeting: "Hello" } });
    expect(textOf(result)).toBe("Hello, Ada!");
    expect(asked.elicit).toBe(1);
    // A 2025 session waits for the answer within one run; 2026 runs the handler again with it.
    expect(runs.get("greet")).toHaveLength(era === "legacy" ? 1 : 2);
    await client.close();
  });

  it.each(ERAS)("asks the client's model through sampling (%s)", async (era) => {
    const { client, asked } = await connect(server.url, era);
    const result = await client.callTool({ name: "ask", arguments: { question: "Capital of France?" } });
    expect(textOf(result)).toBe("test-model: Paris");
    expect(asked.sample).toBe(1);
    await client.close();
  });

  it.each(ERAS)("lists the client's roots (%s)", async (era) => {
    const { client, asked } = await connect(server.url, era);
    const result = await client.callTool({ name: "roots", arguments: {} });
    expect(textOf(result)).toBe("work=file:///work");
    expect(asked.roots).toBe(1);
    await client.close();
  });

  it.each(ERAS)("runs a handler's side effect once however many rounds it asks for (%s)", async (era) => {
    const { client, asked } = await connect(server.url, era);
    const result = await client.callTool({ name: "book", arguments: { city: "Oslo" } });
    expect(textOf(result)).toBe("booked Oslo for Ada (test-model, 1 roots)");
    expect(effects).toEqual(["Oslo:Ada"]);
    expect(asked).toMatchObject({ elicit: 1, sample: 1, roots: 1 });
    const seen = runs.get("book")!;
    // 2026: round 1 asks "who", round 2 asks the model and the roots together, round 3 completes.
    expect(seen).toHaveLength(era === "legacy" ? 1 : 3);
    // Every run is the same call: the same id and idempotency key.
    expect(new Set(seen.map((run) => run.callId)).size).toBe(1);
    expect(new Set(seen.map((run) => run.key)).size).toBe(1);
    await client.close();
  });

  it.each(ERAS)("tells the handler which features the client declared (%s)", async (era) => {
    const { client } = await connect(server.url, era, { sampling: {} });
    expect(textOf(await client.callTool({ name: "features", arguments: {} }))).toBe("sampling");
    await client.close();
  });

  it("fails a 2025 call whose tool needs a feature the client did not declare, naming it", async () => {
    const { client } = await connect(server.url, "legacy", { elicitation: {} });
    const result = await client.callTool({ name: "needsModel", arguments: {} });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain("sampling");
    await client.close();
  });

  it("answers a 2026 call whose tool needs an undeclared feature with -32021 naming the capability", async () => {
    const { client } = await connect(server.url, "modern", { elicitation: {} });
    const call = client.callTool({ name: "needsModel", arguments: {} });
    await expect(call).rejects.toMatchObject({ code: -32021, data: { requiredCapabilities: { sampling: {} } } });
    await client.close();
  });

  it("gives a call made from code no client", async () => {
    const agent = new DeskAgent({ registry: new ToolRegistry() });
    const result = await agent.callTool("features", {});
    expect(result.content).toBe("no client");
  });
});

/** One raw 2026-07-28 `tools/call`, to see (and tamper with) what the client hides: inputRequests, requestState. */
async function rawCall(url: string, params: Record<string, unknown>, capabilities: object = FULL) {
  const _meta = {
    "io.modelcontextprotocol/protocolVersion": "2026-07-28",
    "io.modelcontextprotocol/clientCapabilities": capabilities,
    "io.modelcontextprotocol/clientInfo": { name: "raw", version: "1" },
  };
  const res = await fetch(url, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      "mcp-protocol-version": "2026-07-28",
      "mcp-method": "tools/call",
      "mcp-name": String(params.name),
    },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { ...params, _meta } }),
  });
  const raw = await res.text();
  // An SSE answer carries the JSON-RPC response on a data line.
  const json = raw.startsWith("{")
    ? raw
    : raw
        .split("\n")
        .find((line) => line.startsWith("data: {"))!
        .slice(6);
  return {
    status: res.status,
    ...(JSON.parse(json) as { result?: Record<string, unknown>; error?: { code: number; message: string } }),
  };
}

describe("context.client on the 2026-07-28 wire", () => {
  let server: HttpMcpServerHandle;

  beforeAll(async () => {
    server = await serveMcp(new DeskAgent({ registry: new ToolRegistry() }), { transport: "http" });
  });
  afterAll(() => server?.close());

  const accepted = { action: "accept", content: { name: "Ada" } };

  it("answers input_required with the handler's keyed requests and a requestState, then completes", async () => {
    const first = await rawCall(server.url, { name: "book", arguments: { city: "Rome" } });
    expect(first.result).toMatchObject({
      resultType: "input_required",
      inputRequests: { who: { method: "elicitation/create", params: { message: "Who?" } } },
    });
    expect(typeof first.result!.requestState).toBe("string");
    const second = await rawCall(server.url, {
      name: "book",
      arguments: { city: "Rome" },
      inputResponses: { who: accepted },
      requestState: first.result!.requestState,
    });
    expect(Object.keys(second.result!.inputRequests as object).sort()).toEqual(["roots-1", "sample-1"]);
    const third = await rawCall(server.url, {
      name: "book",
      arguments: { city: "Rome" },
      inputResponses: {
        "sample-1": { role: "assistant", content: { type: "text", text: "ok" }, model: "m" },
        "roots-1": { roots: [] },
      },
      requestState: second.result!.requestState,
    });
    expect(third.result).toMatchObject({
      resultType: "complete",
      content: [{ text: "booked Rome for Ada (m, 0 roots)" }],
    });
  });

  it("refuses a tampered requestState with -32602 before the handler runs", async () => {
    runs.clear();
    const first = await rawCall(server.url, { name: "greet", arguments: { greeting: "Hi" } });
    const retry = await rawCall(server.url, {
      name: "greet",
      arguments: { greeting: "Hi" },
      inputResponses: { "elicit-1": accepted },
      requestState: `${String(first.result!.requestState)}x`,
    });
    expect(retry.error?.code).toBe(-32602);
    expect(runs.get("greet")).toHaveLength(1);
  });

  it("refuses a requestState given for other arguments or another tool with -32602", async () => {
    const first = await rawCall(server.url, { name: "greet", arguments: { greeting: "Hi" } });
    const state = first.result!.requestState;
    const responses = { "elicit-1": accepted };
    const otherArgs = await rawCall(server.url, {
      name: "greet",
      arguments: { greeting: "Bye" },
      inputResponses: responses,
      requestState: state,
    });
    expect(otherArgs.error).toMatchObject({ code: -32602, message: expect.stringContaining("another call") });
    const otherTool = await rawCall(server.url, { name: "roots", arguments: {}, requestState: state });
    expect(otherTool.error?.code).toBe(-32602);
  });

  it("asks again for an answer that is missing or malformed instead of failing", async () => {
    const wrongKey = await rawCall(server.url, {
      name: "greet",
      arguments: { greeting: "Hi" },
      inputResponses: { other: accepted },
    });
    expect(wrongKey.result).toMatchObject({ resultType: "input_required", inputRequests: { "elicit-1": {} } });
    const malformed = await rawCall(server.url, {
      name: "greet",
      arguments: { greeting: "Hi" },
      inputResponses: { "elicit-1": 12345 },
    });
    expect(malformed.result?.resultType).toBe("input_required");
  });

  it("survives a handler that leaves one of its requests unawaited", async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => void unhandled.push(reason);
    process.on("unhandledRejection", onUnhandled);
    const first = await rawCall(server.url, { name: "hasty", arguments: {} });
    await new Promise((resolve) => setTimeout(resolve, 50));
    process.off("unhandledRejection", onUnhandled);
    // The round ended both requests; the one nobody awaited must not surface as an unhandled rejection.
    expect(unhandled).toEqual([]);
    expect(Object.keys(first.result!.inputRequests as object).sort()).toEqual(["ignored", "name"]);
    const second = await rawCall(server.url, {
      name: "hasty",
      arguments: {},
      inputResponses: { name: accepted },
      requestState: first.result!.requestState,
    });
    // The roots request is still unanswered, but the handler no longer waits for it: the call completes.
    expect(second.result).toMatchObject({ resultType: "complete", content: [{ text: "Ada" }] });
  });

  it("declines: the handler reads the user's refusal on its next run", async () => {
    const first = await rawCall(server.url, { name: "greet", arguments: { greeting: "Hi" } });
    const second = await rawCall(server.url, {
      name: "greet",
      arguments: { greeting: "Hi" },
      inputResponses: { "elicit-1": { action: "decline" } },
      requestState: first.result!.requestState,
    });
    expect(second.result).toMatchObject({ content: [{ text: "no (decline)" }] });
  });
});
