// The agent of the context.client tests (serve-mcp-client*.integration.test.ts): tools that talk back to the client.
import { BaseAgent, type ToolCallContext, p, tool } from "toolwright";

/** What each run of a tool saw: per tool, one entry per run (its call id and idempotency key). */
export const runs = new Map<string, { callId: string; key: string }[]>();
export const effects: string[] = [];

function record(name: string, context: ToolCallContext) {
  const list = runs.get(name) ?? [];
  list.push({ callId: context.callId, key: context.idempotencyKey });
  runs.set(name, list);
  return context.client!;
}

export const NAME = { type: "object", properties: { name: { type: "string" } }, required: ["name"] } as const;
const text = (content: unknown) => (content as { text: string }).text;

/** Tools that log to, ask, sample from and list the roots of their MCP client, recording each run. */
export class DeskAgent extends BaseAgent {
  static override agentName = "desk";

  @tool({ description: "Logs while it runs", params: {} })
  async chatty(_args: object, context: ToolCallContext) {
    const client = record("chatty", context);
    await client.log("info", "starting");
    await client.log("debug", { step: 2 }, "desk");
    return "done";
  }

  @tool({ description: "Greets the user by name", params: { greeting: p.string() } })
  async greet({ greeting }: { greeting: string }, context: ToolCallContext) {
    const answer = await record("greet", context).elicit({ message: "Your name?", requestedSchema: NAME });
    return answer.action === "accept" ? `${greeting}, ${String(answer.content?.name)}!` : `no (${answer.action})`;
  }

  @tool({ description: "Asks the client's model", params: { question: p.string() } })
  async ask({ question }: { question: string }, context: ToolCallContext) {
    const answer = await record("ask", context).sample({
      messages: [{ role: "user", content: { type: "text", text: question } }],
      maxTokens: 30,
    });
    return `${answer.model}: ${text(answer.content)}`;
  }

  @tool({ description: "Lists the client's roots", params: {} })
  async roots(_args: object, context: ToolCallContext) {
    const roots = await record("roots", context).listRoots();
    return roots.map((root) => `${root.name ?? "?"}=${root.uri}`).join(";");
  }

  @tool({ description: "Asks twice, then books once", params: { city: p.string() } })
  async book({ city }: { city: string }, context: ToolCallContext) {
    const client = record("book", context);
    const who = await client.elicit({ message: "Who?", requestedSchema: NAME }, { key: "who" });
    const [model, roots] = await Promise.all([
      client.sample({ messages: [{ role: "user", content: { type: "text", text: "ok?" } }], maxTokens: 5 }),
      client.listRoots(),
    ]);
    // The side effect comes after the last request: every run before it stopped at a request without an answer.
    effects.push(`${city}:${String(who.content?.name)}`);
    return `booked ${city} for ${String(who.content?.name)} (${model.model}, ${roots.length} roots)`;
  }

  @tool({ description: "Needs sampling", params: {} })
  async needsModel(_args: object, context: ToolCallContext) {
    const answer = await record("needsModel", context).sample({
      messages: [{ role: "user", content: { type: "text", text: "hi" } }],
      maxTokens: 5,
    });
    return text(answer.content);
  }

  @tool({ description: "Asks two things but waits for one", params: {} })
  async hasty(_args: object, context: ToolCallContext) {
    const client = record("hasty", context);
    void client.listRoots({ key: "ignored" });
    const answer = await client.elicit({ message: "Name?", requestedSchema: NAME }, { key: "name" });
    return String(answer.content?.name);
  }

  @tool({ description: "Removes a file after asking why", params: { path: p.string() }, requiresApproval: true })
  async remove({ path }: { path: string }, context: ToolCallContext) {
    if (context.client === undefined) return `removed ${path} (no client)`;
    const why = await context.client.elicit({ message: "Why?", requestedSchema: NAME });
    return `removed ${path} for ${String(why.content?.name)}`;
  }

  @tool({ description: "Says what the client supports", params: {} })
  features(_args: object, context: ToolCallContext) {
    const client = context.client;
    if (client === undefined) return "no client";
    return (["elicitation", "sampling", "roots"] as const).filter((f) => client.supports(f)).join(",") || "none";
  }
}

/** Client capabilities declaring every feature a tool may ask for. */
export const FULL = { elicitation: { form: {} }, sampling: {}, roots: {} };
