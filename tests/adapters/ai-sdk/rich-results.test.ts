import { generateText, stepCountIs } from "ai";
import { MockLanguageModelV3 } from "ai/test";
import { toAiSdkToolSet, toAiSdkTools } from "toolwright/ai-sdk";
import { toModelOutput } from "../../../src/adapters/ai-sdk/model-output.js";
import { PDF, PNG, makeRichAgent } from "../rich-agent.js";

type Prompt = Parameters<MockLanguageModelV3["doGenerate"]>[0]["prompt"];

const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 1, text: 1, reasoning: undefined },
};

/** A model that calls `toolName` once, then answers with text once it has a tool result. */
function makeModel(toolName: string, input: unknown) {
  return new MockLanguageModelV3({
    doGenerate: async ({ prompt }) =>
      prompt.at(-1)?.role === "tool"
        ? {
            content: [{ type: "text", text: "done" }],
            finishReason: { unified: "stop", raw: undefined },
            usage,
            warnings: [],
          }
        : {
            content: [{ type: "tool-call", toolCallId: "call-1", toolName, input: JSON.stringify(input) }],
            finishReason: { unified: "tool-calls", raw: undefined },
            usage,
            warnings: [],
          },
  });
}

function outputsSent(model: MockLanguageModelV3) {
  return model.doGenerateCalls
    .flatMap(({ prompt }: { prompt: Prompt }) =>
      prompt.flatMap((message) =>
        message.role === "tool" ? message.content.filter((part) => part.type === "tool-result") : [],
      ),
    )
    .map((part) => part.output);
}

async function roundTrip(toolName: string, input: unknown = {}) {
  const model = makeModel(toolName, input);
  const result = await generateText({
    model,
    tools: toAiSdkTools(makeRichAgent()),
    prompt: "Go",
    stopWhen: stepCountIs(3),
  });
  return { sent: outputsSent(model), result };
}

describe("toAiSdkTools with rich and typed results", () => {
  it("sends a screenshot with its caption to the model as the SDK's content output", async () => {
    const { sent, result } = await roundTrip("screenshot");
    expect(sent).toEqual([
      {
        type: "content",
        value: [
          { type: "text", text: "The page as it looks now:" },
          { type: "image-data", data: PNG, mediaType: "image/png" },
        ],
      },
    ]);
    // The app keeps the whole value on the ToolResult.
    expect(result.steps[0]?.toolResults[0]?.output).toMatchObject({ ok: true, content: { type: "content" } });
  });

  it("sends a PDF as a file-data item with its file name", async () => {
    const { sent } = await roundTrip("report");
    expect(sent[0]).toEqual({
      type: "content",
      value: [
        { type: "text", text: "Sales report attached." },
        { type: "file-data", data: PDF, mediaType: "application/pdf", filename: "sales.pdf" },
      ],
    });
  });

  it("sends a typed value as JSON and a value that breaks returns as INVALID_RESULT error text", async () => {
    expect((await roundTrip("forecast", { city: "Oslo" })).sent).toEqual([
      { type: "json", value: { city: "Oslo", celsius: 21.5 } },
    ]);
    const [broken] = (await roundTrip("broken")).sent;
    expect(broken).toEqual({ type: "error-text", value: expect.stringContaining("Error (INVALID_RESULT)") });
  });

  it("gives a tool with returns the SDK's outputSchema: the ToolResult with the value's schema as content", () => {
    const tools = toAiSdkTools(makeRichAgent());
    expect(tools.screenshot?.outputSchema).toBeUndefined();
    const schema = tools.forecast?.outputSchema as { jsonSchema: Record<string, unknown> } | undefined;
    expect(schema?.jsonSchema).toMatchObject({
      type: "object",
      required: ["ok", "outcome", "toolName", "callId"],
      properties: {
        ok: { type: "boolean" },
        content: { type: "object", properties: { city: { type: "string" }, celsius: { type: "number" } } },
      },
    });
  });

  it("writes AI SDK 7's file items from toAiSdkToolSet, which exists only for 7", () => {
    const { tools } = toAiSdkToolSet(makeRichAgent());
    expect(tools.forecast?.outputSchema).toBeDefined();
    const result = {
      ok: true as const,
      outcome: "success" as const,
      toolName: "screenshot",
      callId: "c1",
      content: makeRichAgent().screenshot(),
    };
    expect(toModelOutput(result, 7)).toEqual({
      type: "content",
      value: [
        { type: "text", text: "The page as it looks now:" },
        { type: "file", data: { type: "data", data: PNG }, mediaType: "image/png" },
      ],
    });
  });
});
