// One toolwright agent in three agent frameworks: the glue is one line each (marked). Each function takes the model,
// so tests/adapters/examples.test.ts runs them with each framework's own test double; pass a real model to use them.
import type { BaseChatModel } from "@langchain/core/language_models/chat_models";
import { type BaseMessage, HumanMessage, type ToolMessage } from "@langchain/core/messages";
import { Agent, type Model, run } from "@openai/agents";
import { type LanguageModel, generateText, stepCountIs } from "ai";
import { toAiSdkTools } from "toolwright/ai-sdk";
import { toLangChainTools } from "toolwright/langchain";
import { toOpenAIAgentsTools } from "toolwright/openai-agents";
import { BaseAgent, ToolRegistry, p, tool } from "toolwright";

/** A small travel desk: a forecast (read-only) and a booking that needs approval. */
export class TravelDesk extends BaseAgent {
  static override agentName = "travel_desk";

  @tool({ description: "Get the forecast for a city", params: { city: p.string("City name") }, readOnly: true })
  forecast({ city }: { city: string }) {
    return { city, sky: "sunny", highC: 24 };
  }

  @tool({
    description: "Book a hotel",
    params: { city: p.string(), nights: p.integer({ minimum: 1 }) },
    requiresApproval: true,
  })
  bookHotel({ city, nights }: { city: string; nights: number }) {
    return `Booked ${nights} nights in ${city}.`;
  }
}

const desk = () => new TravelDesk({ registry: new ToolRegistry() });

/** Vercel AI SDK: `generateText` with the agent's tools. */
export async function askWithAiSdk(model: LanguageModel, prompt: string): Promise<string> {
  const tools = toAiSdkTools(desk()); // the glue
  const result = await generateText({ model, tools, prompt, stopWhen: stepCountIs(5) });
  return result.text;
}

/** OpenAI Agents SDK: an `Agent` with the agent's tools, run by the SDK's runner. */
export async function askWithOpenAIAgents(model: Model | string, prompt: string): Promise<unknown> {
  const tools = toOpenAIAgentsTools(desk()); // the glue
  const assistant = new Agent({ name: "Travel desk", instructions: "Help with trips.", model, tools });
  return (await run(assistant, prompt)).finalOutput;
}

/** LangChain.js: a chat model bound to the agent's tools, with the usual tool-calling loop. */
export async function askWithLangChain(model: BaseChatModel, prompt: string): Promise<BaseMessage[]> {
  const tools = toLangChainTools(desk()); // the glue
  const bound = model.bindTools!(tools);
  const messages: BaseMessage[] = [new HumanMessage(prompt)];
  for (let step = 0; step < 5; step++) {
    const reply = await bound.invoke(messages);
    messages.push(reply);
    if (!reply.tool_calls?.length) break;
    for (const call of reply.tool_calls) {
      const match = tools.find((t) => t.name === call.name);
      if (match) messages.push((await match.invoke(call)) as ToolMessage);
    }
  }
  return messages;
}
