// A prompt's and a resource's `context.client` end to end: serveMcp over real HTTP, the official v2 client on both
// eras. On 2025-11-25 the method's questions are server-to-client requests over the session; on 2026-07-28 the
// `prompts/get` or `resources/read` answers input_required (SEP-2322), the client fulfils it with its handlers and
// retries, and the method runs again with the answer.
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import {
  BaseAgent,
  type PromptGetContext,
  type ResourceReadContext,
  ToolRegistry,
  p,
  prompt,
  resource,
} from "toolwright";
import { type HttpMcpServerHandle, serveMcp } from "toolwright/mcp";

jest.setTimeout(30_000);

type Era = "legacy" | "modern";
const ERAS: Era[] = ["legacy", "modern"];
const runs: string[] = [];

class WriterAgent extends BaseAgent {
  static override agentName = "writer";

  @prompt({ description: "A brief for the user's audience", params: { topic: p.string("What the brief is about") } })
  async brief({ topic }: { topic: string }, context: PromptGetContext) {
    runs.push("brief");
    const answer = await context.client!.elicit(
      {
        message: "Who is the brief for?",
        requestedSchema: { type: "object", properties: { audience: { type: "string" } }, required: ["audience"] },
      },
      { key: "audience" },
    );
    return `Write a brief on ${topic} for ${String(answer.content?.audience)}.`;
  }

  @resource({ uri: "notes://{city}/summary", name: "summary", mimeType: "text/plain" })
  async summary({ city }: { city: string }, context: ResourceReadContext) {
    runs.push("summary");
    const answer = await context.client!.sample({
      messages: [{ role: "user", content: { type: "text", text: `Summarise ${city}` } }],
      maxTokens: 50,
    });
    const content = answer.content as { text?: string };
    return `${context.uri}: ${content.text ?? ""}`;
  }
}

async function connect(url: string, era: Era, capabilities: Record<string, object>) {
  const client = new Client(
    { name: `writer-${era}`, version: "1.0.0" },
    { capabilities, ...(era === "modern" ? { versionNegotiation: { mode: { pin: "2026-07-28" } } } : {}) },
  );
  if ("elicitation" in capabilities)
    client.setRequestHandler("elicitation/create", () => ({ action: "accept", content: { audience: "engineers" } }));
  if ("sampling" in capabilities)
    client.setRequestHandler("sampling/createMessage", () => ({
      role: "assistant",
      content: { type: "text", text: "a port city" },
      model: "test-model",
    }));
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  expect(client.getNegotiatedProtocolVersion()).toBe(era === "modern" ? "2026-07-28" : "2025-11-25");
  return client;
}

describe("context.client of prompts and resources over serveMcp", () => {
  let server: HttpMcpServerHandle;

  beforeAll(async () => {
    server = await serveMcp(new WriterAgent({ registry: new ToolRegistry() }), { transport: "http" });
  });
  afterAll(() => server?.close());
  beforeEach(() => void runs.splice(0));

  it.each(ERAS)("a prompt asks the user through elicitation and is got with the answer (%s)", async (era) => {
    const client = await connect(server.url, era, { elicitation: { form: {} } });
    const got = await client.getPrompt({ name: "brief", arguments: { topic: "tides" } });
    expect(got.messages).toEqual([
      { role: "user", content: { type: "text", text: "Write a brief on tides for engineers." } },
    ]);
    // A 2025 session waits for the answer within one run; 2026 answers input_required, then runs the method again.
    expect(runs).toEqual(era === "legacy" ? ["brief"] : ["brief", "brief"]);
    await client.close();
  });

  it.each(ERAS)("a resource method asks the client's model and is read with the answer (%s)", async (era) => {
    const client = await connect(server.url, era, { sampling: {} });
    const read = await client.readResource({ uri: "notes://Genoa/summary" });
    expect(read.contents).toEqual([
      { uri: "notes://Genoa/summary", mimeType: "text/plain", text: "notes://Genoa/summary: a port city" },
    ]);
    expect(runs).toEqual(era === "legacy" ? ["summary"] : ["summary", "summary"]);
    await client.close();
  });

  it("refuses a 2026-07-28 prompt whose client did not declare elicitation with -32021 naming it", async () => {
    const client = await connect(server.url, "modern", {});
    await expect(client.getPrompt({ name: "brief", arguments: { topic: "tides" } })).rejects.toMatchObject({
      code: -32021,
      message: expect.stringContaining('Prompt "brief" needs client capabilities'),
    });
    await client.close();
  });
});
