import { generateText, stepCountIs, streamText } from "ai";
import { MockLanguageModelV3 } from "ai/test";
import { toAiSdkToolSet, toAiSdkTools } from "toolwright/ai-sdk";
import { BaseAgent, ToolRegistry, isToolResult, p, tool, type ToolCallContext } from "toolwright";

type StreamPart =
  Awaited<ReturnType<MockLanguageModelV3["doStream"]>>["stream"] extends ReadableStream<infer P> ? P : never;

const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 1, text: 1, reasoning: undefined },
};

class Importer extends BaseAgent {
  static override agentName = "importer";

  @tool({ description: "Import rows", params: { rows: p.integer() } })
  async *importRows({ rows }: { rows: number }) {
    for (let i = 1; i <= rows; i++) yield { progress: i, total: rows, message: `row ${i}` };
    yield { preview: ["row 1", "row 2"] };
    return `imported ${rows} rows`;
  }

  @tool({ description: "Copy a file", params: {} })
  async copy(_args: object, { reportProgress }: ToolCallContext) {
    reportProgress({ progress: 1, total: 1 });
    return "copied";
  }
}

function chunks(parts: StreamPart[]): ReadableStream<StreamPart> {
  return new ReadableStream({
    start(controller) {
      for (const part of parts) controller.enqueue(part);
      controller.close();
    },
  });
}

/** A streaming model that calls `toolName` once, then answers with text once it has a tool result. */
function streamingModel(toolName: string, input: unknown) {
  return new MockLanguageModelV3({
    doStream: async ({ prompt }) => ({
      stream:
        prompt.at(-1)?.role === "tool"
          ? chunks([
              { type: "text-start", id: "t" },
              { type: "text-delta", id: "t", delta: "done" },
              { type: "text-end", id: "t" },
              { type: "finish", finishReason: { unified: "stop", raw: undefined }, usage },
            ])
          : chunks([
              { type: "tool-call", toolCallId: "call-1", toolName, input: JSON.stringify(input) },
              { type: "finish", finishReason: { unified: "tool-calls", raw: undefined }, usage },
            ]),
    }),
  });
}

describe("AI SDK preliminary tool results from toolwright progress", () => {
  it("streams an async * tool's progress as preliminary tool results in streamText, then the result", async () => {
    const agent = new Importer({ registry: new ToolRegistry() });
    const model = streamingModel("importRows", { rows: 2 });
    const stream = streamText({ model, tools: toAiSdkTools(agent), prompt: "Import", stopWhen: stepCountIs(3) });
    const results: { preliminary: boolean | undefined; output: unknown }[] = [];
    for await (const part of stream.fullStream) {
      if (part.type === "tool-result") results.push({ preliminary: part.preliminary, output: part.output });
    }
    const preliminary = results.filter((r) => r.preliminary === true).map((r) => r.output);
    expect(preliminary.slice(0, 3)).toEqual([
      { progress: 1, total: 2, message: "row 1", toolName: "importRows", callId: "call-1" },
      { progress: 2, total: 2, message: "row 2", toolName: "importRows", callId: "call-1" },
      {
        progress: 2,
        total: 2,
        message: "row 2",
        toolName: "importRows",
        callId: "call-1",
        preliminary: { preview: ["row 1", "row 2"] },
      },
    ]);
    expect(preliminary.slice(0, 3).some(isToolResult)).toBe(false);
    const final = results.filter((r) => r.preliminary !== true);
    expect(final).toEqual([
      { preliminary: undefined, output: expect.objectContaining({ ok: true, content: "imported 2 rows" }) },
    ]);
    // The model reads the result, never a progress update.
    const sent = model.doStreamCalls.at(-1)!.prompt.at(-1)!;
    expect(sent).toMatchObject({
      role: "tool",
      content: [{ type: "tool-result", output: { type: "text", value: "imported 2 rows" } }],
    });
    expect(await stream.text).toBe("done");
  });

  it("gives generateText the final result of a streaming tool as the step's tool result", async () => {
    const agent = new Importer({ registry: new ToolRegistry() });
    const model = new MockLanguageModelV3({
      doGenerate: async ({ prompt }) =>
        prompt.at(-1)?.role === "tool"
          ? {
              content: [{ type: "text", text: "done" }],
              finishReason: { unified: "stop", raw: undefined },
              usage,
              warnings: [],
            }
          : {
              content: [{ type: "tool-call", toolCallId: "call-2", toolName: "importRows", input: '{"rows":3}' }],
              finishReason: { unified: "tool-calls", raw: undefined },
              usage,
              warnings: [],
            },
    });
    const result = await generateText({ model, ...toAiSdkToolSet(agent), prompt: "Import", stopWhen: stepCountIs(3) });
    expect(result.steps[0]?.toolResults).toEqual([
      expect.objectContaining({ output: expect.objectContaining({ ok: true, content: "imported 3 rows" }) }),
    ]);
  });

  it('streams context.reportProgress of a plain tool only with streamProgress: "all"', async () => {
    const agent = new Importer({ registry: new ToolRegistry() });
    for (const [mode, expected] of [
      ["generators", 0],
      ["all", 1],
    ] as const) {
      const model = streamingModel("copy", {});
      const tools = toAiSdkTools(agent, { streamProgress: mode });
      const stream = streamText({ model, tools, prompt: "Copy", stopWhen: stepCountIs(3) });
      const preliminary: unknown[] = [];
      for await (const part of stream.fullStream) {
        if (part.type === "tool-result" && part.preliminary && !isToolResult(part.output))
          preliminary.push(part.output);
      }
      expect(preliminary).toHaveLength(expected);
    }
  });
});
