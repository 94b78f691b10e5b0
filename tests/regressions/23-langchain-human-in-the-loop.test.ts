import { MemorySaver, interrupt } from "@langchain/langgraph";
import { Command } from "@langchain/langgraph";
import { type BaseMessage, FakeToolCallingModel, createAgent, humanInTheLoopMiddleware } from "langchain";
import { BaseAgent, ToolRegistry, p, tool } from "toolwright";
import { toLangChainInterruptOn, toLangChainTools } from "toolwright/langchain";

// Issue 23: with LangChain's humanInTheLoopMiddleware the user approved and toolwright asked again, so the tool never
// ran; its `edit` decision had no path; and a LangGraph interrupt() in an approver or a handler became TOOL_FAILED,
// so the graph never paused.

function makeOps(options: { approver?: () => Promise<boolean> } = {}) {
  const ran: string[] = [];
  const asked: unknown[] = [];
  class Ops extends BaseAgent {
    static override agentName = "ops";
    @tool({
      name: "cancel_booking",
      description: "Cancel a booking",
      params: { bookingId: p.string({ pattern: "^[A-Z]-[0-9]+$" }) },
      requiresApproval: (args) => (asked.push(args), true),
    })
    cancel({ bookingId }: { bookingId: string }) {
      ran.push(bookingId);
      return `cancelled ${bookingId}`;
    }

    @tool({ name: "ask_user", description: "Ask the user a question", params: { question: p.string() } })
    askUser({ question }: { question: string }) {
      ran.push(`asked ${question}`);
      return String(interrupt({ question }));
    }
  }
  const agent = new Ops({ registry: new ToolRegistry(), ...(options.approver && { approver: options.approver }) });
  return { agent, ran, asked };
}

function model(name: string, args: Record<string, unknown>) {
  return new FakeToolCallingModel({ toolCalls: [[{ name, args, id: "call-1" }], []] });
}

function lastToolText(messages: readonly BaseMessage[]): string {
  const last = messages.filter((m) => m.getType() === "tool").at(-1);
  return typeof last?.content === "string" ? last.content : JSON.stringify(last?.content);
}

function makeGraph(agent: BaseAgent, llm: FakeToolCallingModel, withHitl = true) {
  // langchain's own middleware types do not fit under exactOptionalPropertyTypes (its zod typings), hence the casts;
  // an app without that flag passes toLangChainInterruptOn(agent) as it is.
  const hitl = humanInTheLoopMiddleware({ interruptOn: toLangChainInterruptOn(agent) } as never);
  const middleware = (withHitl ? [hitl] : []) as unknown as [];
  return createAgent({ model: llm, tools: toLangChainTools(agent), middleware, checkpointer: new MemorySaver() });
}

const thread = (id: string) => ({ configurable: { thread_id: id } });

describe("LangChain humanInTheLoopMiddleware bound to toolwright's approval (issue 23)", () => {
  it("runs the call once when the human approves, asking the predicate once", async () => {
    const { agent, ran, asked } = makeOps();
    const graph = makeGraph(agent, model("cancel_booking", { bookingId: "B-7" }));
    const paused = await graph.invoke({ messages: [{ role: "user", content: "Cancel B-7" }] }, thread("a"));
    expect(paused.__interrupt__).toHaveLength(1);
    expect(ran).toEqual([]);

    const done = await graph.invoke(new Command({ resume: { decisions: [{ type: "approve" }] } }), thread("a"));
    expect(ran).toEqual(["B-7"]);
    expect(lastToolText(done.messages)).toBe("cancelled B-7");
    expect(asked).toHaveLength(1);
    expect(agent.approvals.pending()).toEqual([]);
  });

  it("runs the human's edit through approve-with-edits, and tells the model", async () => {
    const { agent, ran } = makeOps();
    const graph = makeGraph(agent, model("cancel_booking", { bookingId: "B-7" }));
    await graph.invoke({ messages: [{ role: "user", content: "Cancel B-7" }] }, thread("b"));
    const editedAction = { name: "cancel_booking", args: { bookingId: "B-8" } };
    const done = await graph.invoke(
      new Command({ resume: { decisions: [{ type: "edit", editedAction }] } }),
      thread("b"),
    );
    expect(ran).toEqual(["B-8"]);
    const text = lastToolText(done.messages);
    expect(text).toMatch(/user edited the arguments.*bookingId: "B-7" → "B-8"/);
    expect(text).toMatch(/cancelled B-8$/);
  });

  it("refuses an edit the schema rejects, and runs nothing", async () => {
    const { agent, ran } = makeOps();
    const graph = makeGraph(agent, model("cancel_booking", { bookingId: "B-7" }));
    await graph.invoke({ messages: [{ role: "user", content: "Cancel B-7" }] }, thread("c"));
    const editedAction = { name: "cancel_booking", args: { bookingId: "everything" } };
    const done = await graph.invoke(
      new Command({ resume: { decisions: [{ type: "edit", editedAction }] } }),
      thread("c"),
    );
    expect(ran).toEqual([]);
    expect(lastToolText(done.messages)).toMatch(/Error \(APPROVAL_MISMATCH\).*\/bookingId/);
  });

  it("never runs the call when the human rejects it", async () => {
    const { agent, ran } = makeOps();
    const graph = makeGraph(agent, model("cancel_booking", { bookingId: "B-7" }));
    await graph.invoke({ messages: [{ role: "user", content: "Cancel B-7" }] }, thread("d"));
    await graph.invoke(new Command({ resume: { decisions: [{ type: "reject", message: "no" }] } }), thread("d"));
    expect(ran).toEqual([]);
  });
});

describe("LangGraph interrupt() through toolwright (issue 23)", () => {
  it("pauses the graph when a handler calls interrupt(), and resumes it with the answer", async () => {
    const { agent, ran } = makeOps();
    const graph = makeGraph(agent, model("ask_user", { question: "Which seat?" }), false);
    const paused = await graph.invoke({ messages: [{ role: "user", content: "Book" }] }, thread("e"));
    expect(paused.__interrupt__?.[0]?.value).toEqual({ question: "Which seat?" });
    const done = await graph.invoke(new Command({ resume: "12A" }), thread("e"));
    expect(lastToolText(done.messages)).toBe("12A");
    expect(ran).toEqual(["asked Which seat?", "asked Which seat?"]);
  });

  it("pauses the graph when an approver calls interrupt(), and runs the call once it says yes", async () => {
    const approver = async () => interrupt({ approve: "cancel_booking" }) === "yes";
    const { agent, ran } = makeOps({ approver });
    const graph = makeGraph(agent, model("cancel_booking", { bookingId: "B-7" }), false);
    const paused = await graph.invoke({ messages: [{ role: "user", content: "Cancel" }] }, thread("f"));
    expect(paused.__interrupt__?.[0]?.value).toEqual({ approve: "cancel_booking" });
    expect(ran).toEqual([]);
    const done = await graph.invoke(new Command({ resume: "yes" }), thread("f"));
    expect(ran).toEqual(["B-7"]);
    expect(lastToolText(done.messages)).toBe("cancelled B-7");
  });
});
