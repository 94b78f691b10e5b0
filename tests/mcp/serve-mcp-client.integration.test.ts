// A tool's `context.client` end to end: serveMcp over real HTTP, the official v2 client on both eras. On 2025-11-25
// the tool's requests are server-to-client requests over the session; on 2026-07-28 the call answers input_required,
// the client fulfils it with the same handlers and retries, and the handler runs again with the answers.
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { ToolRegistry } from "toolwright";
import { type HttpMcpServerHandle, serveMcp } from "toolwright/mcp";
import { DeskAgent, FULL, effects, runs } from "./desk-agent.js";

jest.setTimeout(30_000);

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

  it("lets the approved run of a 2025 call ask the client too; on 2026 the approved run has no client", async () => {
    const legacyClient = await connect(server.url, "legacy");
    legacyClient.client.setRequestHandler("elicitation/create", (request) => {
      legacyClient.asked.elicit += 1;
      const form = "requestedSchema" in request.params ? request.params.requestedSchema.properties : {};
      const approving = "approve" in form;
      return { action: "accept", content: approving ? { approve: true, path: "/tmp/a" } : { name: "Ada" } };
    });
    const legacyResult = await legacyClient.client.callTool({ name: "remove", arguments: { path: "/tmp/a" } });
    expect(textOf(legacyResult)).toBe("removed /tmp/a for Ada");
    expect(legacyClient.asked.elicit).toBe(2);
    await legacyClient.client.close();

    const modernClient = await connect(server.url, "modern");
    modernClient.client.setRequestHandler("elicitation/create", () => ({
      action: "accept",
      content: { approve: true },
    }));
    const modernResult = await modernClient.client.callTool({ name: "remove", arguments: { path: "/tmp/b" } });
    expect(textOf(modernResult)).toBe("removed /tmp/b (no client)");
    await modernClient.client.close();
  });

  it("gives a stateless 2025 server's calls a client that can only log", async () => {
    const stateless = await serveMcp(new DeskAgent({ registry: new ToolRegistry() }), {
      transport: "http",
      stateless: true,
    });
    try {
      const { client } = await connect(stateless.url, "legacy");
      expect(textOf(await client.callTool({ name: "features", arguments: {} }))).toBe("none");
      const result = await client.callTool({ name: "greet", arguments: { greeting: "Hi" } });
      expect(result.isError).toBe(true);
      expect(textOf(result)).toContain("elicitation");
      await client.close();
    } finally {
      await stateless.close();
    }
  });

  it("gives a call made from code no client", async () => {
    const agent = new DeskAgent({ registry: new ToolRegistry() });
    const result = await agent.callTool("features", {});
    expect(result.content).toBe("no client");
  });
});
