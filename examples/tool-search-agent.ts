// Deferred tools: an agent whose rarely needed tools stay out of the prompt until the model searches for them.
import { BaseAgent, ToolRegistry, createLoadedTools, p, toAnthropicTools, toOpenAITools, tool } from "toolwright";
import { showCall, step } from "./demo-story.js";

/** A help-desk agent: the clock is always loaded; currency, email and invoices are deferred. */
export class DeskAgent extends BaseAgent {
  static override agentName = "desk_agent";

  @tool({ description: "Get the current time in a city", params: { city: p.string("City name") } })
  get_time({ city }: { city: string }) {
    return { city, time: "12:00" };
  }

  @tool({
    description: "Convert money between currencies",
    params: {
      amount: p.number("The amount of money in the source currency"),
      from: p.string("ISO code of the source currency"),
      to: p.string("ISO code of the target currency"),
    },
    readOnly: true,
    deferred: true,
  })
  convert_currency({ amount, from, to }: { amount: number; from: string; to: string }) {
    return { amount: Math.round(amount * 1.08 * 100) / 100, currency: to, from };
  }

  @tool({ description: "Send an email", params: { to: p.string(), body: p.string() }, deferred: true })
  send_email({ to }: { to: string; body: string }) {
    return `sent to ${to}`;
  }

  @tool({ description: "Create an invoice", params: { customer: p.string(), total: p.number() }, deferred: true })
  create_invoice({ customer }: { customer: string; total: number }) {
    return `invoice for ${customer}`;
  }
}

/** Prints one conversation: the tools of each turn, a search the model makes, and the found tool being called. */
export async function toolSearchDemo(): Promise<void> {
  const agent = new DeskAgent({ registry: new ToolRegistry() });
  const loaded = createLoadedTools(); // plain JSON, kept with the conversation
  const names = () => agent.toolsForTurn(loaded).map((t) => t.name);

  step(`turn 1 sends: ${names().join(", ")}`);
  const query = { query: "convert euros to dollars" };
  const [search] = await agent.runToolCalls([{ name: "tool_search", arguments: query }], { loadedTools: loaded });
  showCall("tool_search", query, search!);
  step(`state: ${JSON.stringify(loaded)}`);
  step(`turn 2 sends: ${names().join(", ")}`);
  const conversion = { amount: 20, from: "EUR", to: "USD" };
  const [converted] = await agent.runToolCalls([{ name: "convert_currency", arguments: conversion }]);
  showCall("convert_currency", conversion, converted!);

  const anthropic = toAnthropicTools(agent.tools(), { toolSearch: "bm25" });
  step(`Anthropic, server-side BM25: ${JSON.stringify(anthropic[0])} + ${anthropic.length - 1} tools,`);
  step(
    `   deferred: ${anthropic.flatMap((t) => ("defer_loading" in t && t.defer_loading ? [t.name] : [])).join(", ")}`,
  );
  const responses = toOpenAITools(agent.tools(), {
    api: "responses",
    toolSearch: "server",
    namespace: { name: "desk", description: "Money, mail and invoices" },
  });
  step(`OpenAI Responses: ${responses.map((t) => `${t.type}${"name" in t ? `:${t.name}` : ""}`).join(", ")}`);
}
