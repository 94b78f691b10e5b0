import { Agent, Runner, setTracingDisabled } from "@openai/agents";
import type { ToolMessage } from "@langchain/core/messages";
import { BaseAgent, type ToolResult, ToolRegistry, p, tool } from "toolwright";
import { toAiSdkTools } from "toolwright/ai-sdk";
import { toLangChainTools } from "toolwright/langchain";
import { toOpenAIAgentsTools } from "toolwright/openai-agents";
import { oneCallModel } from "../support/scripted-agents-model.js";

setTracingDisabled(true);

// `maxResultChars` was applied by the provider builders only: the AI SDK, OpenAI Agents and LangChain adapters sent
// text and JSON whole. Each adapter now sends what the builders send: at most the budget, with the cut notice.
const MAX = 1_000;

function makeAgent() {
  class Reports extends BaseAgent {
    static override agentName = "reports";

    @tool({ description: "A long log", params: {} })
    long_text() {
      return "line of the log\n".repeat(20_000);
    }

    @tool({ description: "Many rows", params: {}, returns: { rows: p.array(p.string()) } })
    big_json() {
      return { rows: Array.from({ length: 20_000 }, (_, i) => `row ${i}`) };
    }

    @tool({ description: "Fails at length", params: {} })
    long_failure(): never {
      throw new Error("x".repeat(200_000));
    }
  }
  return new Reports({ registry: new ToolRegistry(), maxResultChars: MAX });
}

const NAMES = ["long_text", "big_json", "long_failure"] as const;

/** The characters the model reads of an adapter's output, whatever its shape. */
function readLength(output: unknown): number {
  return (typeof output === "string" ? output : JSON.stringify(output)).length;
}

describe("maxResultChars on the framework adapters", () => {
  it.each(NAMES)("caps what the AI SDK sends (%s)", async (name) => {
    const tools = toAiSdkTools(makeAgent());
    const aiTool = tools[name]!;
    const result = (await aiTool.execute!({}, { toolCallId: "call-1", messages: [] })) as ToolResult;
    const output = (await aiTool.toModelOutput!({ toolCallId: "call-1", input: {}, output: result })) as {
      value: unknown;
    };
    expect(typeof output.value).toBe("string");
    expect((output.value as string).length).toBeLessThanOrEqual(MAX);
    expect(output.value).toMatch(/characters cut/);
  });

  it.each(NAMES)("caps what the OpenAI Agents SDK sends (%s)", async (name) => {
    for (const outputSchema of [false, true]) {
      const model = oneCallModel(name, {}, { reply: "ok" });
      const tools = toOpenAIAgentsTools(makeAgent(), { outputSchema });
      await new Runner().run(new Agent({ name: "reports", instructions: "Help.", model, tools }), "Go");
      const sent = (model.lastOutput as { type?: string; text?: string }).text ?? model.lastOutput;
      // With an output schema the SDK sends what execute answers as JSON: the cut text arrives as a JSON string.
      const text: unknown = outputSchema && typeof sent === "string" && sent.startsWith('"') ? JSON.parse(sent) : sent;
      expect(readLength(text)).toBeLessThanOrEqual(MAX);
      expect(JSON.stringify(text)).toMatch(/characters cut/);
    }
  });

  it.each(NAMES)("caps what LangChain sends (%s)", async (name) => {
    const lcTool = toLangChainTools(makeAgent()).find((t) => t.name === name)!;
    const message = (await lcTool.invoke({ type: "tool_call", id: "call-1", name, args: {} })) as ToolMessage;
    expect(typeof message.content).toBe("string");
    expect((message.content as string).length).toBeLessThanOrEqual(MAX);
    expect(message.content).toMatch(/characters cut/);
    const bare = (await lcTool.invoke({})) as string;
    expect(bare.length).toBeLessThanOrEqual(MAX);
  });
});
