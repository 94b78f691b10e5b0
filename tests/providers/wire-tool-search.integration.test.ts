import Anthropic from "@anthropic-ai/sdk";
import { type Content, GoogleGenAI } from "@google/genai";
import OpenAI from "openai";
import {
  createLoadedTools,
  parseAnthropicToolCalls,
  parseGeminiToolCalls,
  parseOpenAIToolCalls,
  toAnthropicToolResult,
  toAnthropicTools,
  toGeminiToolResult,
  toGeminiTools,
  toOpenAIToolResult,
  toOpenAITools,
} from "toolwright";
import { makeDeskAgent } from "../fixtures/providers/desk-agent.js";
import { type RecordingServer, startRecordingServer } from "../fixtures/providers/recording-server.js";
import {
  anthropicMessage,
  geminiReply,
  openaiChatCompletion,
  openaiResponse,
} from "../fixtures/providers/canned-replies.js";

// The deferred-tool loop with each real SDK client against a local recording server: what the first request sends,
// the model's search, and the found tool called afterwards.

const sentNames = (tools: unknown) =>
  (tools as { name?: string; function?: { name: string } }[]).map((t) => t.name ?? t.function?.name);

let server: RecordingServer;
afterEach(() => server.close());

const anthropic = () => new Anthropic({ apiKey: "k", baseURL: server.url, maxRetries: 0, timeout: 5_000 });
const openai = () => new OpenAI({ apiKey: "k", baseURL: `${server.url}/v1`, maxRetries: 0, timeout: 5_000 });

describe("deferred tools with Anthropic on the wire", () => {
  it("flags deferred tools and runs the tool the model calls when the server BM25 search found it", async () => {
    server = await startRecordingServer([
      anthropicMessage([
        { type: "server_tool_use", id: "srvtoolu_1", name: "tool_search_tool_bm25", input: { query: "currency" } },
        {
          type: "tool_search_tool_result",
          tool_use_id: "srvtoolu_1",
          content: {
            type: "tool_search_tool_search_result",
            tool_references: [{ type: "tool_reference", tool_name: "convert_currency" }],
          },
        },
        { type: "tool_use", id: "toolu_1", name: "convert_currency", input: { amount: 5, from: "EUR", to: "USD" } },
      ]),
    ]);
    const agent = makeDeskAgent();
    const tools = toAnthropicTools(agent.tools(), { toolSearch: "bm25" });
    const reply = await anthropic().messages.create({
      model: "claude-test",
      max_tokens: 256,
      messages: [{ role: "user", content: "5 EUR in USD?" }],
      tools,
    });

    const sent = server.requests[0]!.body.tools as Record<string, unknown>[];
    expect(sent[0]).toEqual({ type: "tool_search_tool_bm25_20251119", name: "tool_search_tool_bm25" });
    expect(sent.filter((t) => t.defer_loading === true).map((t) => t.name)).toEqual([
      "convert_currency",
      "send_email",
      "create_invoice",
      "lookup_rate",
    ]);
    expect(sent.find((t) => t.name === "get_time")).not.toHaveProperty("defer_loading");
    expect(sent.map((t) => t.name)).not.toContain("wire_money");

    const calls = parseAnthropicToolCalls(reply);
    expect(calls.map((c) => c.name)).toEqual(["convert_currency"]);
    await agent.runToolCalls(calls);
    expect(agent.conversions).toEqual([{ amount: 5, from: "EUR", to: "USD" }]);
  });

  it("answers with tool_reference blocks and runs the tool called next when the search runs on the client", async () => {
    server = await startRecordingServer([
      anthropicMessage([
        { type: "tool_use", id: "toolu_1", name: "tool_search", input: { query: "convert currency", limit: 1 } },
      ]),
      anthropicMessage([
        { type: "tool_use", id: "toolu_2", name: "convert_currency", input: { amount: 2, from: "EUR", to: "NOK" } },
      ]),
    ]);
    const agent = makeDeskAgent();
    const client = anthropic();
    const tools = toAnthropicTools(agent.tools(), { toolSearch: "client", cacheControl: { type: "ephemeral" } });
    const messages: Anthropic.MessageParam[] = [{ role: "user", content: "2 EUR in NOK?" }];

    const first = await client.messages.create({ model: "claude-test", max_tokens: 256, messages, tools });
    const sent = server.requests[0]!.body.tools as Record<string, unknown>[];
    expect(sent[0]).toMatchObject({ name: "tool_search", input_schema: { required: ["query"] } });
    expect(sent[0]).not.toHaveProperty("defer_loading");
    // The cache breakpoint sits on the last tool that is in the prompt, not on a deferred one.
    expect(sent.filter((t) => t.cache_control).map((t) => t.name)).toEqual(["get_time"]);

    const calls = parseAnthropicToolCalls(first);
    const results = await agent.runToolCalls(calls);
    messages.push(
      { role: "assistant", content: first.content },
      { role: "user", content: calls.map((c, i) => toAnthropicToolResult(c, results[i]!, { toolSearch: "client" })) },
    );
    const second = await client.messages.create({ model: "claude-test", max_tokens: 256, messages, tools });
    const answered = (server.requests[1]!.body.messages as { content: unknown }[]).at(-1)!.content;
    expect(answered).toEqual([
      {
        type: "tool_result",
        tool_use_id: "toolu_1",
        content: [{ type: "tool_reference", tool_name: "convert_currency" }],
        is_error: false,
      },
    ]);

    await agent.runToolCalls(parseAnthropicToolCalls(second));
    expect(agent.conversions).toEqual([{ amount: 2, from: "EUR", to: "NOK" }]);
  });
});

describe("deferred tools with the OpenAI Responses API on the wire", () => {
  it("answers tool_search_call and routes the namespaced call when deferred tools sit in a namespace", async () => {
    server = await startRecordingServer([
      openaiResponse([
        {
          type: "tool_search_call",
          id: "ts_1",
          call_id: "call_ts",
          execution: "client",
          status: "completed",
          arguments: { query: "convert currency", limit: 1 },
        },
      ]),
      openaiResponse([
        {
          type: "function_call",
          id: "fc_1",
          call_id: "call_1",
          namespace: "desk",
          name: "convert_currency",
          arguments: '{"amount":3,"from":"EUR","to":"SEK"}',
          status: "completed",
        },
      ]),
    ]);
    const agent = makeDeskAgent();
    const client = openai();
    const tools = toOpenAITools(agent.tools(), {
      api: "responses",
      toolSearch: "client",
      namespace: { name: "desk", description: "Money, mail and invoices" },
    });
    const input: OpenAI.Responses.ResponseInput = [{ role: "user", content: "3 EUR in SEK?" }];

    const first = await client.responses.create({ model: "gpt-test", input, tools });
    const sent = server.requests[0]!.body.tools as Record<string, unknown>[];
    expect(sent[0]).toMatchObject({ type: "tool_search", execution: "client", parameters: { required: ["query"] } });
    expect(sent.map((t) => t.name)).toEqual([undefined, "get_time", "desk"]);
    const namespace = sent[2] as { tools: Record<string, unknown>[] };
    expect(namespace.tools.map((t) => [t.name, t.defer_loading])).toEqual([
      ["convert_currency", true],
      ["send_email", true],
      ["create_invoice", true],
      ["lookup_rate", true],
    ]);

    const calls = parseOpenAIToolCalls(first, { api: "responses" });
    expect(calls).toEqual([{ id: "call_ts", name: "tool_search", arguments: { query: "convert currency", limit: 1 } }]);
    const results = await agent.runToolCalls(calls);
    input.push(
      ...(first.output as OpenAI.Responses.ResponseInputItem[]),
      ...calls.map((c, i) => toOpenAIToolResult(c, results[i]!, { api: "responses", tools })),
    );

    const second = await client.responses.create({ model: "gpt-test", input, tools });
    const output = (server.requests[1]!.body.input as Record<string, unknown>[]).at(-1);
    expect(output).toEqual({
      type: "tool_search_output",
      call_id: "call_ts",
      execution: "client",
      status: "completed",
      tools: [
        {
          type: "namespace",
          name: "desk",
          description: "Money, mail and invoices",
          tools: [expect.objectContaining({ type: "function", name: "convert_currency", strict: true })],
        },
      ],
    });
    expect((output as { tools: { tools: object[] }[] }).tools[0]!.tools[0]).not.toHaveProperty("defer_loading");

    const [call] = parseOpenAIToolCalls(second, { api: "responses" });
    expect(call).toMatchObject({ namespace: "desk", name: "convert_currency" });
    expect((await agent.callTool(call!.name, call!.arguments)).ok).toBe(true);
    expect(agent.conversions).toEqual([{ amount: 3, from: "EUR", to: "SEK" }]);
  });

  it("leaves OpenAI's own search items out of the calls to run when the search is hosted", async () => {
    server = await startRecordingServer([
      openaiResponse([
        {
          type: "tool_search_call",
          id: "ts_1",
          call_id: null,
          execution: "server",
          status: "completed",
          arguments: {},
        },
        { type: "tool_search_output", id: "tso_1", call_id: null, execution: "server", status: "completed", tools: [] },
        {
          type: "function_call",
          id: "fc_1",
          call_id: "call_1",
          name: "create_invoice",
          arguments: '{"customer":"c1","total":9}',
          status: "completed",
        },
      ]),
    ]);
    const agent = makeDeskAgent();
    const tools = toOpenAITools(agent.tools(), { api: "responses", toolSearch: "server" });
    const first = await openai().responses.create({ model: "gpt-test", input: "invoice c1 for 9", tools });

    const sent = server.requests[0]!.body.tools as Record<string, unknown>[];
    expect(sent[0]).toEqual({ type: "tool_search" });
    expect(sent.filter((t) => t.defer_loading).map((t) => t.name)).toEqual([
      "convert_currency",
      "send_email",
      "create_invoice",
      "lookup_rate",
    ]);
    const calls = parseOpenAIToolCalls(first, { api: "responses" });
    expect(calls.map((c) => c.name)).toEqual(["create_invoice"]);
    expect((await agent.runToolCalls(calls))[0]?.content).toBe("invoice created");
  });
});

describe("deferred tools through toolwright's tool_search on the wire", () => {
  it("sends a found tool in the next Chat Completions request when a search loaded it", async () => {
    server = await startRecordingServer([
      openaiChatCompletion(
        {
          tool_calls: [
            { id: "c1", type: "function", function: { name: "tool_search", arguments: '{"query":"email"}' } },
          ],
        },
        "tool_calls",
      ),
      openaiChatCompletion(
        {
          tool_calls: [
            { id: "c2", type: "function", function: { name: "send_email", arguments: '{"to":"a@b.c","body":"hi"}' } },
          ],
        },
        "tool_calls",
      ),
    ]);
    const agent = makeDeskAgent();
    const client = openai();
    const loaded = createLoadedTools();
    const messages: OpenAI.Chat.ChatCompletionMessageParam[] = [{ role: "user", content: "Mail a@b.c: hi" }];

    const first = await client.chat.completions.create({
      model: "gpt-test",
      messages,
      tools: toOpenAITools(agent.toolsForTurn(loaded)),
    });
    expect(sentNames(server.requests[0]!.body.tools)).toEqual(["get_time", "tool_search"]);

    const calls = parseOpenAIToolCalls(first.choices[0]!.message);
    const results = await agent.runToolCalls(calls, { loadedTools: loaded });
    messages.push(first.choices[0]!.message, ...calls.map((c, i) => toOpenAIToolResult(c, results[i]!)));
    const second = await client.chat.completions.create({
      model: "gpt-test",
      messages,
      tools: toOpenAITools(agent.toolsForTurn(loaded)),
    });
    expect(sentNames(server.requests[1]!.body.tools)).toEqual(["get_time", "tool_search", "send_email"]);
    expect(JSON.parse((messages.at(-1) as { content: string }).content)).toMatchObject({
      tools: [{ name: "send_email" }],
    });

    const [sendResult] = await agent.runToolCalls(parseOpenAIToolCalls(second.choices[0]!.message));
    expect(sendResult?.content).toBe("sent");
  });

  it("declares a found tool to Gemini in the next request when a search loaded it", async () => {
    server = await startRecordingServer([
      geminiReply([{ functionCall: { id: "f1", name: "tool_search", args: { query: "exchange rate" } } }]),
      geminiReply([{ functionCall: { id: "f2", name: "lookup_rate", args: { pair: "EURUSD" } } }]),
    ]);
    const ai = new GoogleGenAI({
      apiKey: "k",
      httpOptions: { baseUrl: server.url, retryOptions: { attempts: 1 }, fetch: (i, init) => fetch(i, init) },
    });
    const agent = makeDeskAgent();
    const loaded = createLoadedTools();
    const contents: Content[] = [{ role: "user", parts: [{ text: "EURUSD rate?" }] }];
    const config = () => ({ tools: [{ functionDeclarations: toGeminiTools(agent.toolsForTurn(loaded)) }] });

    const first = await ai.models.generateContent({ model: "gemini-test", contents, config: config() });
    const declared = (i: number) =>
      (server.requests[i]!.body.tools as { functionDeclarations: { name: string }[] }[])[0]!.functionDeclarations;
    expect(declared(0).map((d) => d.name)).toEqual(["get_time", "tool_search"]);

    const calls = parseGeminiToolCalls(first);
    const results = await agent.runToolCalls(calls, { loadedTools: loaded });
    contents.push(first.candidates![0]!.content!, {
      role: "user",
      parts: calls.map((c, i) => toGeminiToolResult(c, results[i]!)),
    });
    const second = await ai.models.generateContent({ model: "gemini-test", contents, config: config() });
    expect(declared(1).map((d) => d.name)).toEqual(["get_time", "tool_search", "lookup_rate"]);
    const [rate] = await agent.runToolCalls(parseGeminiToolCalls(second));
    expect(rate?.content).toEqual({ pair: "EURUSD", rate: 1.1 });
  });
});
