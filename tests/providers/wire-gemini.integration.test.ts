import { type Content, GoogleGenAI, Type } from "@google/genai";
import {
  geminiToolConfig,
  parseGeminiInteractionCalls,
  parseGeminiToolCalls,
  toGeminiInteractionResult,
  toGeminiTools,
} from "toolwright";
import { toGeminiToolResult } from "toolwright";
import { type RecordingServer, asSent, startRecordingServer } from "../fixtures/providers/recording-server.js";
import { makeTravelAgent } from "../fixtures/providers/travel-agent.js";
import { geminiReply } from "../fixtures/providers/canned-replies.js";

// `fetch` is passed explicitly because, without it, the SDK's Node build attaches an undici dispatcher read from
// `globalThis[Symbol.for("undici.globalDispatcher.1")]`, which jest's sandboxed global lacks ("fetch failed").
const client = (server: RecordingServer) =>
  new GoogleGenAI({
    apiKey: "test-key",
    httpOptions: {
      baseUrl: server.url,
      timeout: 5_000,
      retryOptions: { attempts: 1 },
      fetch: (input, init) => fetch(input, init),
    },
  });

describe("Gemini generateContent on the wire", () => {
  let server: RecordingServer;
  afterEach(() => server.close());

  it.each(["jsonSchema", "openapi"] as const)(
    "sends the %s declarations unchanged and answers function calls with functionResponse parts",
    async (mode) => {
      server = await startRecordingServer([
        geminiReply([
          { functionCall: { id: "fc_1", name: "get_weather", args: { city: "Oslo" } } },
          { functionCall: { id: "fc_2", name: "book_flight", args: { from: "OSL" } } },
        ]),
        geminiReply([{ text: "Sunny in Oslo." }]),
      ]);
      const ai = client(server);
      const agent = makeTravelAgent();
      const functionDeclarations =
        mode === "openapi" ? toGeminiTools(agent.toolSpecs(), { mode, types: Type }) : toGeminiTools(agent.toolSpecs());
      const contents: Content[] = [{ role: "user", parts: [{ text: "Weather in Oslo, then book a flight" }] }];
      const config = { tools: [{ functionDeclarations }] };

      const first = await ai.models.generateContent({ model: "gemini-test", contents, config });
      expect(server.requests[0]?.path).toBe("/v1beta/models/gemini-test:generateContent");
      expect(server.requests[0]?.body.tools).toEqual([{ functionDeclarations: asSent(functionDeclarations) }]);

      const calls = parseGeminiToolCalls(first);
      const results = await Promise.all(calls.map((c) => agent.callTool(c.name, c.arguments, { callId: c.id })));
      expect(results.map((r) => r.ok)).toEqual([true, false]);
      contents.push(first.candidates![0]!.content!, {
        role: "user",
        parts: calls.map((c, i) => toGeminiToolResult(c, results[i]!)),
      });

      const second = await ai.models.generateContent({ model: "gemini-test", contents, config });
      expect(second.text).toBe("Sunny in Oslo.");
      const sent = server.requests[1]?.body.contents as Content[];
      expect(sent.at(-1)).toEqual({
        role: "user",
        parts: [
          {
            functionResponse: {
              id: "fc_1",
              name: "get_weather",
              response: { output: { city: "Oslo", days: 3, forecast: "sunny" } },
            },
          },
          {
            functionResponse: {
              id: "fc_2",
              name: "book_flight",
              response: {
                error: {
                  code: "INVALID_ARGUMENTS",
                  message: expect.stringContaining("/to is required"),
                  issues: [{ path: "/to", keyword: "required", message: "is required" }],
                },
              },
            },
          },
        ],
      });
    },
  );
});

describe("Gemini Interactions on the wire", () => {
  let server: RecordingServer;
  afterEach(() => server.close());

  it("sends function tools and function_result steps through the SDK's interactions client", async () => {
    server = await startRecordingServer([
      {
        id: "int_1",
        status: "requires_action",
        steps: [{ type: "function_call", id: "fc_1", name: "get_weather", arguments: { city: "Oslo" } }],
      },
      { id: "int_2", status: "completed", steps: [] },
    ]);
    const ai = client(server);
    const agent = makeTravelAgent();
    const tools = toGeminiTools(agent.toolSpecs(), { api: "interactions" });
    const first = await ai.interactions.create({
      model: "gemini-test",
      input: "Weather in Oslo?",
      tools,
      generation_config: { tool_choice: geminiToolConfig("VALIDATED", { api: "interactions" }) },
    });
    expect(server.requests[0]?.body.tools).toEqual(asSent(tools));
    expect(server.requests[0]?.body.generation_config).toEqual({ tool_choice: "validated" });

    const [call] = parseGeminiInteractionCalls(first);
    const result = await agent.callTool(call!.name, call!.arguments, { callId: call!.id });
    const answer = toGeminiInteractionResult(call!, result);
    await ai.interactions.create({ model: "gemini-test", previous_interaction_id: first.id, input: [answer], tools });
    expect(server.requests[1]?.body.input).toEqual([
      {
        type: "function_result",
        call_id: "fc_1",
        name: "get_weather",
        is_error: false,
        result: '{"city":"Oslo","days":3,"forecast":"sunny"}',
      },
    ]);
  });
});
