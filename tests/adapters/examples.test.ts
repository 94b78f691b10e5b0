import { AIMessage, type BaseMessage, ToolMessage } from "@langchain/core/messages";
import type { ChatResult } from "@langchain/core/outputs";
import { FakeStreamingChatModel } from "@langchain/core/utils/testing";
import { setTracingDisabled } from "@openai/agents";
import { MockLanguageModelV3 } from "ai/test";
import { askWithAiSdk, askWithLangChain, askWithOpenAIAgents } from "../../examples/framework-adapters.js";
import { oneCallModel } from "../support/scripted-agents-model.js";

setTracingDisabled(true);

const FORECAST = { city: "Lisbon", sky: "sunny", highC: 24 };

/** The text of a function_call_result's output (the SDK keeps a string output as a text item). */
function textOf(output: unknown): string {
  if (typeof output === "string") return output;
  const item = output as { type?: string; text?: string };
  return item.type === "text" && item.text !== undefined ? item.text : JSON.stringify(output);
}

describe("examples/framework-adapters", () => {
  it("answers from the forecast tool when run with the AI SDK's mock model", async () => {
    const usage = {
      inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined },
      outputTokens: { total: 1, text: 1, reasoning: undefined },
    };
    const model = new MockLanguageModelV3({
      doGenerate: async ({ prompt }) => {
        const last = prompt.at(-1);
        if (last?.role === "tool") {
          const part = last.content[0];
          const output = part?.type === "tool-result" ? part.output : undefined;
          return {
            content: [{ type: "text", text: `Forecast: ${JSON.stringify(output)}` }],
            finishReason: { unified: "stop", raw: undefined },
            usage,
            warnings: [],
          };
        }
        return {
          content: [{ type: "tool-call", toolCallId: "c1", toolName: "forecast", input: '{"city":"Lisbon"}' }],
          finishReason: { unified: "tool-calls", raw: undefined },
          usage,
          warnings: [],
        };
      },
    });

    const text = await askWithAiSdk(model, "Weather in Lisbon?");

    expect(text).toBe(`Forecast: ${JSON.stringify({ type: "json", value: FORECAST })}`);
  });

  it("answers from the forecast tool when run by the OpenAI Agents runner with a model stub", async () => {
    const model = oneCallModel(
      "forecast",
      { city: "Lisbon" },
      { id: "c1", reply: (output) => `Forecast: ${textOf(output)}` },
    );

    const answer = await askWithOpenAIAgents(model, "Weather in Lisbon?");

    expect(answer).toBe(`Forecast: ${JSON.stringify(FORECAST)}`);
  });

  it("answers from the forecast tool when run with LangChain's fake tool-calling model", async () => {
    // LangChain's fake streams the same tool call every turn; this one stops once it has read a tool result.
    class OneCallModel extends FakeStreamingChatModel {
      // The parent's bindTools returns a plain FakeStreamingChatModel; this fake needs no tool list to answer.
      override bindTools() {
        return this;
      }

      override async _generate(messages: BaseMessage[]): Promise<ChatResult> {
        const last = messages.at(-1);
        const message = ToolMessage.isInstance(last)
          ? new AIMessage(`Forecast: ${String(last.content)}`)
          : new AIMessage({
              content: "",
              tool_calls: [{ name: "forecast", args: { city: "Lisbon" }, id: "c1", type: "tool_call" }],
            });
        return { generations: [{ text: "", message }] };
      }
    }

    const messages = await askWithLangChain(new OneCallModel({ sleep: 0 }), "Weather in Lisbon?");

    expect(messages.at(-1)?.content).toBe(`Forecast: ${JSON.stringify(FORECAST)}`);
  });
});
