import Anthropic from "@anthropic-ai/sdk";
import { type Content, GoogleGenAI } from "@google/genai";
import OpenAI from "openai";
import {
  parseAnthropicToolCalls,
  parseGeminiToolCalls,
  parseOpenAIToolCalls,
  toAnthropicToolResult,
  toAnthropicTools,
  toGeminiToolResult,
  toGeminiTools,
  toOpenAIChatToolMessages,
  toOpenAITools,
  toOpenAIToolResult,
} from "toolwright";
import {
  anthropicMessage,
  geminiReply,
  openaiChatCompletion,
  openaiResponse,
} from "../fixtures/providers/canned-replies.js";
import { type RecordingServer, startRecordingServer } from "../fixtures/providers/recording-server.js";
import { PNG, makeResultsAgent } from "../fixtures/providers/results-agent.js";

// The screenshot-with-a-caption example tool and the typed-object one, answered through each real SDK client: the
// SDK accepts the builders' output as its own request types, and the body it sends carries the media as documented.
const forecast = { city: "Oslo", celsius: 21.5, summary: "sunny" };

describe("rich tool results on the wire", () => {
  let server: RecordingServer;
  afterEach(() => server.close());

  it("sends a screenshot as an input_image item of a Responses function_call_output", async () => {
    server = await startRecordingServer([
      openaiResponse([
        {
          type: "function_call",
          id: "fc_1",
          call_id: "call_1",
          name: "screenshot",
          arguments: "{}",
          status: "completed",
        },
      ]),
      openaiResponse([{ type: "message", id: "m", role: "assistant", status: "completed", content: [] }]),
    ]);
    const client = new OpenAI({ apiKey: "k", baseURL: `${server.url}/v1`, maxRetries: 0, timeout: 5_000 });
    const agent = makeResultsAgent();
    const tools = toOpenAITools(agent.toolSpecs(), { api: "responses" });
    const first = await client.responses.create({ model: "gpt-test", input: "Show me the page", tools });
    const [call] = parseOpenAIToolCalls(first, { api: "responses" });
    const result = await agent.callTool(call!.name, call!.arguments, { callId: call!.id });
    const input: OpenAI.Responses.ResponseInput = [
      { role: "user", content: "Show me the page" },
      ...(first.output as OpenAI.Responses.ResponseInputItem[]),
      toOpenAIToolResult(call!, result, { api: "responses" }),
    ];
    await client.responses.create({ model: "gpt-test", input, tools });
    expect((server.requests[1]?.body.input as unknown[]).at(-1)).toEqual({
      type: "function_call_output",
      call_id: "call_1",
      output: [
        { type: "input_text", text: "The page as it looks now:" },
        { type: "input_image", image_url: `data:image/png;base64,${PNG}` },
      ],
    });
  });

  it("sends Chat Completions tool messages as text, then the screenshot in a follow-up user message", async () => {
    server = await startRecordingServer([
      openaiChatCompletion(
        {
          tool_calls: [
            { id: "call_1", type: "function", function: { name: "forecast", arguments: '{"city":"Oslo"}' } },
            { id: "call_2", type: "function", function: { name: "screenshot", arguments: "{}" } },
          ],
        },
        "tool_calls",
      ),
      openaiChatCompletion({ content: "Done." }, "stop"),
    ]);
    const client = new OpenAI({ apiKey: "k", baseURL: `${server.url}/v1`, maxRetries: 0, timeout: 5_000 });
    const agent = makeResultsAgent();
    const tools = toOpenAITools(agent.toolSpecs());
    const messages: OpenAI.Chat.ChatCompletionMessageParam[] = [{ role: "user", content: "Forecast, then the page" }];
    const first = await client.chat.completions.create({ model: "gpt-test", messages, tools });
    const calls = parseOpenAIToolCalls(first.choices[0]!.message);
    const results = await Promise.all(calls.map((c) => agent.callTool(c.name, c.arguments, { callId: c.id })));
    const { toolMessages, followUp } = toOpenAIChatToolMessages(
      calls.map((call, i) => ({ call, result: results[i]! })),
    );
    messages.push(first.choices[0]!.message, ...toolMessages, ...(followUp ? [followUp] : []));
    await client.chat.completions.create({ model: "gpt-test", messages, tools });
    expect((server.requests[1]?.body.messages as unknown[]).slice(-3)).toEqual([
      { role: "tool", tool_call_id: "call_1", content: JSON.stringify(forecast) },
      {
        role: "tool",
        tool_call_id: "call_2",
        content: "The page as it looks now:\n[image: image/png, 8 B; attachment 1, in the next user message]",
      },
      {
        role: "user",
        content: [
          { type: "text", text: "attachment 1 (from the screenshot call call_2):" },
          { type: "image_url", image_url: { url: `data:image/png;base64,${PNG}` } },
        ],
      },
    ]);
  });

  it("sends the screenshot as an Anthropic image block inside the tool_result", async () => {
    server = await startRecordingServer([
      anthropicMessage([{ type: "tool_use", id: "toolu_1", name: "screenshot", input: {} }]),
      anthropicMessage([{ type: "text", text: "Done." }], "end_turn"),
    ]);
    const client = new Anthropic({ apiKey: "k", baseURL: server.url, maxRetries: 0, timeout: 5_000 });
    const agent = makeResultsAgent();
    const tools = toAnthropicTools(agent.toolSpecs());
    const messages: Anthropic.MessageParam[] = [{ role: "user", content: "Show me the page" }];
    const first = await client.messages.create({ model: "claude-test", max_tokens: 64, messages, tools });
    const [call] = parseAnthropicToolCalls(first);
    const result = await agent.callTool(call!.name, call!.arguments, { callId: call!.id });
    messages.push(
      { role: "assistant", content: first.content },
      { role: "user", content: [toAnthropicToolResult(call!, result)] },
    );
    await client.messages.create({ model: "claude-test", max_tokens: 64, messages, tools });
    expect((server.requests[1]?.body.messages as { content: unknown }[]).at(-1)?.content).toEqual([
      {
        type: "tool_result",
        tool_use_id: "toolu_1",
        is_error: false,
        content: [
          { type: "text", text: "The page as it looks now:" },
          { type: "image", source: { type: "base64", media_type: "image/png", data: PNG } },
        ],
      },
    ]);
  });

  it("sends Gemini the typed object as output, the screenshot as inline data and a schema as text", async () => {
    server = await startRecordingServer([
      geminiReply([
        { functionCall: { id: "fc_1", name: "forecast", args: { city: "Oslo" } } },
        { functionCall: { id: "fc_2", name: "screenshot", args: {} } },
        { functionCall: { id: "fc_3", name: "filterSchema", args: {} } },
      ]),
      geminiReply([{ text: "Done." }]),
    ]);
    const ai = new GoogleGenAI({
      apiKey: "k",
      httpOptions: { baseUrl: server.url, timeout: 5_000, retryOptions: { attempts: 1 }, fetch: (i, o) => fetch(i, o) },
    });
    const agent = makeResultsAgent();
    const config = { tools: [{ functionDeclarations: toGeminiTools(agent.toolSpecs()) }] };
    const contents: Content[] = [{ role: "user", parts: [{ text: "Forecast, page, schema" }] }];
    const first = await ai.models.generateContent({ model: "gemini-test", contents, config });
    const calls = parseGeminiToolCalls(first);
    const results = await Promise.all(calls.map((c) => agent.callTool(c.name, c.arguments, { callId: c.id })));
    contents.push(first.candidates![0]!.content!, {
      role: "user",
      parts: calls.map((c, i) => toGeminiToolResult(c, results[i]!)),
    });
    await ai.models.generateContent({ model: "gemini-test", contents, config });
    expect((server.requests[1]?.body.contents as Content[]).at(-1)?.parts).toEqual([
      { functionResponse: { id: "fc_1", name: "forecast", response: { output: forecast } } },
      {
        functionResponse: {
          id: "fc_2",
          name: "screenshot",
          response: { output: "The page as it looks now:" },
          parts: [{ inlineData: { mimeType: "image/png", data: PNG } }],
        },
      },
      {
        functionResponse: {
          id: "fc_3",
          name: "filterSchema",
          response: { output: '{"$defs":{"f":{"type":"object"}},"$ref":"#/$defs/f"}' },
        },
      },
    ]);
  });
});
