import { stepCountIs, streamText } from "ai";
import { MockLanguageModelV3 } from "ai/test";
import { type AiSdkInputEvent, toAiSdkToolSet, toAiSdkTools } from "toolwright/ai-sdk";
import { BaseAgent, ToolRegistry, p, tool } from "toolwright";

type StreamPart =
  Awaited<ReturnType<MockLanguageModelV3["doStream"]>>["stream"] extends ReadableStream<infer P> ? P : never;

const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 1, text: 1, reasoning: undefined },
};

class Writer extends BaseAgent {
  static override agentName = "writer";
  readonly written: string[] = [];

  @tool({ description: "Write a file", params: { path: p.string(), content: p.string() } })
  write({ path, content }: { path: string; content: string }) {
    this.written.push(`${path}:${content}`);
    return "written";
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

// A model that streams one call's arguments in the given deltas, then answers with text once it has the result.
function streamingModel(deltas: string[]) {
  return new MockLanguageModelV3({
    doStream: async ({ prompt }) => ({
      stream:
        prompt.at(-1)?.role === "tool"
          ? chunks([{ type: "finish", finishReason: { unified: "stop", raw: undefined }, usage }])
          : chunks([
              { type: "tool-input-start", id: "call-1", toolName: "write" },
              ...deltas.map((delta): StreamPart => ({ type: "tool-input-delta", id: "call-1", delta })),
              { type: "tool-input-end", id: "call-1" },
              { type: "tool-call", toolCallId: "call-1", toolName: "write", input: deltas.join("") },
              { type: "finish", finishReason: { unified: "tool-calls", raw: undefined }, usage },
            ]),
    }),
  });
}

const DELTAS = ['{"pa', 'th":"a.txt",', '"content":"Hel', "lo\\", 'n"}'];

describe("the AI SDK adapter's streamed input", () => {
  it.each([
    [
      "toAiSdkTools",
      (agent: Writer, onInput: (e: AiSdkInputEvent) => void) => ({ tools: toAiSdkTools(agent, { onInput }) }),
    ],
    ["toAiSdkToolSet", (agent: Writer, onInput: (e: AiSdkInputEvent) => void) => toAiSdkToolSet(agent, { onInput })],
  ])("tells onInput the arguments so far on every delta with %s, then runs the whole call", async (_name, make) => {
    const agent = new Writer({ registry: new ToolRegistry() });
    const events: AiSdkInputEvent[] = [];
    const stream = streamText({
      model: streamingModel(DELTAS),
      ...make(agent, (event) => events.push(event)),
      prompt: "Write",
      stopWhen: stepCountIs(3),
    });
    await stream.consumeStream();
    expect(events.map((e) => e.input.value)).toEqual([
      {},
      { path: "a.txt" },
      { path: "a.txt", content: "Hel" },
      { path: "a.txt", content: "Hello" },
      { path: "a.txt", content: "Hello\n" },
    ]);
    expect(events.map((e) => e.input.done)).toEqual([[], ["path"], ["path"], ["path"], ["path", "content"]]);
    expect(events.at(-1)).toMatchObject({ toolName: "write", toolCallId: "call-1", input: { complete: true } });
    expect(agent.written).toEqual(["a.txt:Hello\n"]);
  });

  it("keeps streaming when the listener throws", async () => {
    const agent = new Writer({ registry: new ToolRegistry() });
    const onInput = () => {
      throw new Error("UI failed");
    };
    const stream = streamText({
      model: streamingModel(DELTAS),
      tools: toAiSdkTools(agent, { onInput }),
      prompt: "Write",
      stopWhen: stepCountIs(3),
    });
    await stream.consumeStream();
    expect(agent.written).toEqual(["a.txt:Hello\n"]);
  });

  it("adds no input hooks without onInput", () => {
    const tools = toAiSdkTools(new Writer({ registry: new ToolRegistry() }));
    expect(tools.write!.onInputDelta).toBeUndefined();
  });
});
