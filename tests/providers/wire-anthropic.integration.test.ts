import Anthropic from "@anthropic-ai/sdk";
import { parseAnthropicToolCalls, toAnthropicTools } from "toolwright";
import { toAnthropicToolResult } from "toolwright";
import { type RecordingServer, asSent, startRecordingServer } from "../fixtures/providers/recording-server.js";
import { makeTravelAgent } from "../fixtures/providers/travel-agent.js";
import { anthropicMessage } from "../fixtures/providers/canned-replies.js";

describe("Anthropic Messages on the wire", () => {
  let server: RecordingServer;
  afterEach(() => server.close());

  it("sends the exported tools unchanged and answers tool_use blocks with tool_result blocks, is_error on failure", async () => {
    server = await startRecordingServer([
      anthropicMessage(
        [
          { type: "text", text: "Checking." },
          { type: "tool_use", id: "toolu_1", name: "get_weather", input: { city: "Oslo", unit: "celsius" } },
          { type: "tool_use", id: "toolu_2", name: "book_flight", input: { from: "OSL", to: "LHR" } },
        ],
        "tool_use",
      ),
      anthropicMessage([{ type: "text", text: "Sunny; the flight is full." }], "end_turn"),
    ]);
    const client = new Anthropic({ apiKey: "test-key", baseURL: server.url, maxRetries: 0, timeout: 5_000 });
    const agent = makeTravelAgent();
    const tools = toAnthropicTools(agent.toolSpecs(), { strict: "auto", cacheControl: { type: "ephemeral" } });
    const messages: Anthropic.MessageParam[] = [{ role: "user", content: "Weather in Oslo, then book OSL-LHR" }];

    const first = await client.messages.create({ model: "claude-test", max_tokens: 256, messages, tools });
    expect(server.requests[0]?.path).toBe("/v1/messages");
    expect(server.requests[0]?.body.tools).toEqual(asSent(tools));
    expect(tools.map((t) => t.strict)).toEqual([true, true]);

    const calls = parseAnthropicToolCalls(first);
    const results = await Promise.all(calls.map((c) => agent.callTool(c.name, c.arguments, { callId: c.id })));
    expect(agent.seen).toEqual([{ city: "Oslo", unit: "celsius", days: 3 }]);
    messages.push(
      { role: "assistant", content: first.content },
      { role: "user", content: calls.map((c, i) => toAnthropicToolResult(c, results[i]!)) },
    );

    const second = await client.messages.create({ model: "claude-test", max_tokens: 256, messages, tools });
    expect(second.content[0]).toMatchObject({ type: "text", text: "Sunny; the flight is full." });
    const sent = server.requests[1]?.body.messages as { role: string; content: unknown }[];
    expect(sent.at(-1)).toEqual({
      role: "user",
      content: [
        {
          type: "tool_result",
          tool_use_id: "toolu_1",
          content: '{"city":"Oslo","days":3,"forecast":"sunny"}',
          is_error: false,
        },
        {
          type: "tool_result",
          tool_use_id: "toolu_2",
          content: 'Error (TOOL_FAILED): Tool "book_flight" failed: No seats left to LHR',
          is_error: true,
        },
      ],
    });
  });
});

describe("Anthropic tool fields on the wire", () => {
  let server: RecordingServer;
  afterEach(() => server.close());

  it("sends input_examples, allowed_callers and eager_input_streaming through the SDK client as exported", async () => {
    server = await startRecordingServer([anthropicMessage([{ type: "text", text: "ok" }], "end_turn")]);
    const client = new Anthropic({ apiKey: "test-key", baseURL: server.url, maxRetries: 0, timeout: 5_000 });
    const tools = toAnthropicTools([
      {
        name: "get_weather",
        description: "Get the weather",
        inputSchema: { type: "object", properties: { city: { type: "string" } }, required: ["city"] },
        examples: [{ city: "Oslo" }],
        allowedCallers: ["direct", "code_execution_20260120"],
        eagerInputStreaming: true,
      },
    ]);
    await client.messages.create({
      model: "claude-test",
      max_tokens: 64,
      messages: [{ role: "user", content: "hi" }],
      tools,
    });
    expect(server.requests[0]?.body.tools).toEqual([
      {
        name: "get_weather",
        description: "Get the weather",
        input_schema: { type: "object", properties: { city: { type: "string" } }, required: ["city"] },
        input_examples: [{ city: "Oslo" }],
        allowed_callers: ["direct", "code_execution_20260120"],
        eager_input_streaming: true,
      },
    ]);
  });
});
