import OpenAI from "openai";
import { ToolRegistry, p, parseOpenAIToolCalls, toOpenAIToolResult, toOpenAITools } from "toolwright";
import { type RecordingServer, asSent, startRecordingServer } from "../fixtures/providers/recording-server.js";
import { makeTravelAgent } from "../fixtures/providers/travel-agent.js";
import { openaiChatCompletion, openaiResponse } from "../fixtures/providers/canned-replies.js";

// Under strict mode the model sends null for every optional field it leaves out.
const weatherArgs = '{"city":"Oslo","unit":null,"days":null}';

describe("OpenAI Chat Completions on the wire", () => {
  let server: RecordingServer;
  afterEach(() => server.close());

  it("sends the exported tools unchanged, runs the model's calls and sends the results back as tool messages", async () => {
    server = await startRecordingServer([
      openaiChatCompletion(
        {
          tool_calls: [
            { id: "call_1", type: "function", function: { name: "get_weather", arguments: weatherArgs } },
            {
              id: "call_2",
              type: "function",
              function: { name: "book_flight", arguments: '{"from":"OSL","to":"LHR"}' },
            },
          ],
        },
        "tool_calls",
      ),
      openaiChatCompletion({ content: "Sunny in Oslo; no flights left." }, "stop"),
    ]);
    const client = new OpenAI({ apiKey: "test-key", baseURL: `${server.url}/v1`, maxRetries: 0, timeout: 5_000 });
    const agent = makeTravelAgent();
    const tools = toOpenAITools(agent.toolSpecs(), { api: "chat", strict: "auto" });
    const messages: OpenAI.Chat.ChatCompletionMessageParam[] = [
      { role: "user", content: "Weather in Oslo, then book OSL-LHR" },
    ];

    const first = await client.chat.completions.create({ model: "gpt-test", messages, tools });
    expect(server.requests[0]?.path).toBe("/v1/chat/completions");
    expect(server.requests[0]?.body.tools).toEqual(asSent(tools));
    expect(tools.every((t) => t.function.strict)).toBe(true);

    const message = first.choices[0]!.message;
    const calls = parseOpenAIToolCalls(message);
    const results = await Promise.all(calls.map((c) => agent.callTool(c.name, c.arguments, { callId: c.id })));
    expect(agent.seen).toEqual([{ city: "Oslo", days: 3 }]);
    messages.push(message, ...calls.map((c, i) => toOpenAIToolResult(c, results[i]!)));

    const second = await client.chat.completions.create({ model: "gpt-test", messages, tools });
    expect(second.choices[0]?.message.content).toBe("Sunny in Oslo; no flights left.");
    const sent = server.requests[1]?.body.messages as Record<string, unknown>[];
    expect(sent.slice(-2)).toEqual([
      { role: "tool", tool_call_id: "call_1", content: '{"city":"Oslo","days":3,"forecast":"sunny"}' },
      {
        role: "tool",
        tool_call_id: "call_2",
        content: 'Error (TOOL_FAILED): Tool "book_flight" failed: No seats left to LHR',
      },
    ]);
  });
});

describe("OpenAI Responses API on the wire", () => {
  let server: RecordingServer;
  afterEach(() => server.close());

  it("sends the exported tools unchanged and answers function_call items with function_call_output items", async () => {
    server = await startRecordingServer([
      openaiResponse([
        {
          type: "function_call",
          id: "fc_1",
          call_id: "call_1",
          name: "get_weather",
          arguments: weatherArgs,
          status: "completed",
        },
      ]),
      openaiResponse([
        {
          type: "message",
          id: "msg_1",
          role: "assistant",
          status: "completed",
          content: [{ type: "output_text", text: "Sunny in Oslo.", annotations: [] }],
        },
      ]),
    ]);
    const client = new OpenAI({ apiKey: "test-key", baseURL: `${server.url}/v1`, maxRetries: 0, timeout: 5_000 });
    const agent = makeTravelAgent();
    const tools = toOpenAITools(agent.toolSpecs(), { api: "responses", strict: true });
    const input: OpenAI.Responses.ResponseInput = [{ role: "user", content: "Weather in Oslo?" }];

    const first = await client.responses.create({ model: "gpt-test", input, tools });
    expect(server.requests[0]?.path).toBe("/v1/responses");
    expect(server.requests[0]?.body.tools).toEqual(asSent(tools));

    const [call] = parseOpenAIToolCalls(first, { api: "responses" });
    const result = await agent.callTool(call!.name, call!.arguments, { callId: call!.id });
    expect(result.ok).toBe(true);
    input.push(
      ...(first.output as OpenAI.Responses.ResponseInputItem[]),
      toOpenAIToolResult(call!, result, { api: "responses" }),
    );

    const second = await client.responses.create({ model: "gpt-test", input, tools });
    expect(second.output_text).toBe("Sunny in Oslo.");
    expect((server.requests[1]?.body.input as unknown[]).at(-1)).toEqual({
      type: "function_call_output",
      call_id: "call_1",
      output: '{"city":"Oslo","days":3,"forecast":"sunny"}',
    });
  });
});

describe("OpenAI Responses function tool fields on the wire", () => {
  let server: RecordingServer;
  afterEach(() => server.close());

  it("sends allowed_callers and output_schema through the SDK client as exported", async () => {
    const reply = openaiResponse([{ type: "message", id: "m", role: "assistant", status: "completed", content: [] }]);
    server = await startRecordingServer([reply]);
    const client = new OpenAI({ apiKey: "test-key", baseURL: `${server.url}/v1`, maxRetries: 0, timeout: 5_000 });
    const registry = new ToolRegistry();
    registry.register("count_words", ({ text }: { text: string }) => ({ words: text.split(" ").length }), {
      description: "Count the words of a text",
      params: { text: p.string() },
      returns: p.object({ words: p.integer() }),
      allowedCallers: ["direct", "code_execution_20260120"],
    });
    const tools = toOpenAITools([registry.get("count_words")], { api: "responses" });
    // Typed by the SDK's own request parameters: a field the SDK does not know would not compile here.
    const params: OpenAI.Responses.ResponseCreateParamsNonStreaming = { model: "gpt-test", input: "Count", tools };
    await client.responses.create(params);
    const [sent] = server.requests[0]?.body.tools as Record<string, unknown>[];
    expect(sent).toMatchObject({
      type: "function",
      name: "count_words",
      allowed_callers: ["direct", "programmatic"],
      output_schema: { type: "object", properties: { words: { type: "integer" } } },
    });
    expect(server.requests[0]?.body.tools).toEqual(asSent(tools));
  });
});

describe("OpenAI Responses custom tools on the wire", () => {
  let server: RecordingServer;
  afterEach(() => server.close());

  it("sends a grammar tool as a custom tool, parses its custom_tool_call and answers with custom_tool_call_output", async () => {
    server = await startRecordingServer([
      openaiResponse([
        { type: "custom_tool_call", id: "ctc_1", call_id: "call_9", name: "open_day", input: "2026-12-06" },
      ]),
      openaiResponse([
        {
          type: "message",
          id: "msg_2",
          role: "assistant",
          status: "completed",
          content: [{ type: "output_text", text: "Opened.", annotations: [] }],
        },
      ]),
    ]);
    const client = new OpenAI({ apiKey: "test-key", baseURL: `${server.url}/v1`, maxRetries: 0, timeout: 5_000 });
    const registry = new ToolRegistry();
    registry.register("open_day", ({ date }: { date: string }) => `opened ${date}`, {
      description: "Open a day",
      params: { date: p.string() },
      grammar: { syntax: "lark", definition: "start: /\\d{4}-\\d{2}-\\d{2}/" },
    });
    const specs = [registry.get("open_day")];
    const tools = toOpenAITools(specs, { api: "responses", customTools: true });
    const input: OpenAI.Responses.ResponseInput = [{ role: "user", content: "Open today" }];

    const first = await client.responses.create({ model: "gpt-test", input, tools });
    expect(server.requests[0]?.body.tools).toEqual([
      {
        type: "custom",
        name: "open_day",
        description: "Open a day",
        format: { type: "grammar", syntax: "lark", definition: "start: /\\d{4}-\\d{2}-\\d{2}/" },
      },
    ]);

    const [call] = parseOpenAIToolCalls(first, { api: "responses", tools: specs });
    const result = await registry.dispatch(call!.name, call!.arguments);
    input.push(
      ...(first.output as OpenAI.Responses.ResponseInputItem[]),
      toOpenAIToolResult(call!, result, { api: "responses" }),
    );
    await client.responses.create({ model: "gpt-test", input, tools });
    expect((server.requests[1]?.body.input as unknown[]).at(-1)).toEqual({
      type: "custom_tool_call_output",
      call_id: "call_9",
      output: "opened 2026-12-06",
    });
  });
});
