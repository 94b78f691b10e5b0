import { AIMessage, AIMessageChunk, type BaseMessage, HumanMessage, ToolMessage } from "@langchain/core/messages";
import { FakeStreamingChatModel } from "@langchain/core/utils/testing";
import { toLangChainToolMessage, toLangChainTools } from "toolwright/langchain";
import { makeTravelAgent } from "../adapter-agent.js";

/** A fake tool-calling chat model (LangChain's own) whose every answer calls `name` with `args`. */
function makeModel(name: string, args: Record<string, unknown>) {
  return new FakeStreamingChatModel({
    sleep: 0,
    responses: [new AIMessage("done")],
    chunks: [new AIMessageChunk({ content: "", tool_calls: [{ name, args, id: "call-1", type: "tool_call" }] })],
  });
}

/** One turn of the tool-calling loop: model → tools → the messages the model reads next. */
async function runTurn(name: string, args: Record<string, unknown>, tools: ReturnType<typeof toLangChainTools>) {
  const seenByModel: BaseMessage[][] = [];
  const model = makeModel(name, args).bindTools(tools);
  const callbacks = [
    { handleChatModelStart: (_llm: unknown, batches: BaseMessage[][]) => void seenByModel.push(batches[0]!) },
  ];
  const messages: BaseMessage[] = [new HumanMessage("Go")];
  const reply = await model.invoke(messages, { callbacks });
  messages.push(reply);
  for (const call of reply.tool_calls ?? []) {
    const tool = tools.find((t) => t.name === call.name)!;
    messages.push((await tool.invoke(call)) as ToolMessage);
  }
  await model.invoke(messages, { callbacks });
  return { toolMessages: messages.filter((m): m is ToolMessage => ToolMessage.isInstance(m)), seenByModel };
}

describe("toLangChainTools", () => {
  it("runs the handler with the call id and gives the next model input its ToolMessage when the model calls a tool", async () => {
    const { agent, seen } = makeTravelAgent();

    const { toolMessages, seenByModel } = await runTurn("forecast", { city: "Paris" }, toLangChainTools(agent));

    expect(seen).toEqual([
      expect.objectContaining({ tool: "forecast", args: { city: "Paris", days: 1 }, callId: "call-1" }),
    ]);
    expect(toolMessages[0]).toMatchObject({ tool_call_id: "call-1", status: "success" });
    expect(JSON.parse(toolMessages[0]!.content as string)).toEqual({ city: "Paris", days: 1, sky: "sunny" });
    expect(seenByModel[1]?.at(-1)).toBe(toolMessages[0]);
  });

  it("answers with INVALID_ARGUMENTS text instead of throwing when LangChain's validator rejects the arguments", async () => {
    const { agent, seen } = makeTravelAgent();

    const { toolMessages } = await runTurn("forecast", { city: 7, days: 0 }, toLangChainTools(agent));

    expect(seen).toEqual([]);
    expect(toolMessages[0]).toMatchObject({ tool_call_id: "call-1", status: "error" });
    expect(toolMessages[0]?.content).toMatch(/^Error \(INVALID_ARGUMENTS\): .*\/city/);
  });

  it("passes LangChain's abort signal to the handler when the caller aborts mid-call", async () => {
    const controller = new AbortController();
    const { agent, seen } = makeTravelAgent({}, () => queueMicrotask(() => controller.abort(new Error("stop"))));
    const [forecast] = toLangChainTools(agent, { only: ["forecast"] });

    const message = await forecast!.invoke(
      { name: "forecast", args: { city: "Oslo" }, id: "call-2", type: "tool_call" },
      { signal: controller.signal },
    );

    expect(seen[0]?.signal.aborted).toBe(true);
    expect(message).toMatchObject({ tool_call_id: "call-2", status: "error" });
    expect((message as ToolMessage).content).toMatch(/^Error \(CANCELLED\)/);
  });

  it("keeps a call that needs approval in agent.approvals and runs it with the shown arguments once approved", async () => {
    const { agent, seen } = makeTravelAgent();

    const { toolMessages } = await runTurn("cancel_booking", { bookingId: "B-7" }, toLangChainTools(agent));
    expect(seen).toEqual([]);
    expect(toolMessages[0]?.content).toMatch(/APPROVAL_REQUIRED/);
    const [pending] = agent.approvals.pending();
    expect(pending).toMatchObject({ callId: "call-1", args: { bookingId: "B-7" } });

    const result = await agent.approvals.approve(pending!.id, { args: pending!.args });
    const message = toLangChainToolMessage(result);

    expect(seen).toEqual([expect.objectContaining({ tool: "cancel_booking", args: { bookingId: "B-7" } })]);
    expect(message).toMatchObject({ tool_call_id: "call-1", status: "success", content: "Booking B-7 cancelled." });
  });

  it("gives LangChain mutable schemas and marks deferred tools with extras.defer_loading", () => {
    const { agent } = makeTravelAgent();
    const tools = toLangChainTools(agent);
    const forecast = tools.find((t) => t.name === "forecast")!;

    expect(Object.isFrozen(forecast.schema)).toBe(false);
    expect(forecast.schema).toEqual(agent.toolSpecs().find((s) => s.name === "forecast")?.inputSchema);
    expect(tools.find((t) => t.name === "archive_search")?.extras).toEqual({ defer_loading: true });
    expect(forecast.extras).toBeUndefined();
  });
});
