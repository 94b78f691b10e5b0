import { MemorySaver } from "@langchain/langgraph";
import { FakeToolCallingModel, createAgent, humanInTheLoopMiddleware } from "langchain";
import { BaseAgent, ToolRegistry, p, tool } from "toolwright";
import { toLangChainInterruptOn, toLangChainTools } from "toolwright/langchain";

// Issue 38 through LangChain's humanInTheLoopMiddleware: its decisions have no place for "remember", but a user grant
// made through agent.approvals is honoured: the middleware's `when` is told no human is needed, and the call runs
// under the grant. A session grant covers the calls of its thread: the middleware hands `when` the agent's runtime,
// whose `configurable.thread_id` is the call's session, as it is for the tools' own calls.

const ran: string[] = [];
class Ops extends BaseAgent {
  static override agentName = "langchain_grant_ops";
  @tool({ name: "cancel_booking", description: "Cancel", params: { bookingId: p.string() }, requiresApproval: true })
  cancel({ bookingId }: { bookingId: string }) {
    ran.push(bookingId);
    return `cancelled ${bookingId}`;
  }
}

function graphOf(agent: BaseAgent, bookingId: string) {
  const llm = new FakeToolCallingModel({
    toolCalls: [[{ name: "cancel_booking", args: { bookingId }, id: `call-${bookingId}` }], []],
  });
  // The middleware's typings do not fit exactOptionalPropertyTypes (see tests/regressions/23-langchain-*), hence the casts.
  const hitl = humanInTheLoopMiddleware({ interruptOn: toLangChainInterruptOn(agent) } as never);
  const middleware = [hitl] as unknown as [];
  return createAgent({ model: llm, tools: toLangChainTools(agent), middleware, checkpointer: new MemorySaver() });
}

describe("grants through LangChain's human-in-the-loop", () => {
  it("does not interrupt for a call a user grant covers, and does for one it does not", async () => {
    const agent = new Ops({ registry: new ToolRegistry(), scope: "alice" });
    const asked = await agent.callTool("cancel_booking", { bookingId: "B-1" });
    await agent.approvals.approve(asked.approvalId!, { remember: "user", when: { bookingId: { prefix: "B-" } } });

    const covered = await graphOf(agent, "B-2").invoke(
      { messages: [{ role: "user", content: "Cancel B-2" }] },
      { configurable: { thread_id: "t1" } },
    );
    expect(covered.__interrupt__).toBeUndefined();
    expect(ran).toEqual(["B-1", "B-2"]);

    const outside = await graphOf(agent, "C-3").invoke(
      { messages: [{ role: "user", content: "Cancel C-3" }] },
      { configurable: { thread_id: "t2" } },
    );
    expect(outside.__interrupt__).toHaveLength(1);
    expect(ran).toEqual(["B-1", "B-2"]);
  });

  it("does not interrupt in the thread a session grant was made in, and does in another thread", async () => {
    const agent = new Ops({ registry: new ToolRegistry() });
    // The first call of thread "t-session" interrupts; the human's approval is remembered for that session.
    const first = await graphOf(agent, "S-1").invoke(
      { messages: [{ role: "user", content: "Cancel S-1" }] },
      { configurable: { thread_id: "t-session" } },
    );
    expect(first.__interrupt__).toHaveLength(1);
    // The middleware's `when` recorded toolwright's approval of the call, in the thread's session.
    const known = await agent.approvals.forCall("cancel_booking", "call-S-1");
    expect(known).toMatchObject({ status: "pending", approval: { session: "t-session" } });
    if (known?.status !== "pending") throw new Error("no pending approval");
    await agent.approvals.approve(known.approval.id, { remember: "session" });
    ran.length = 0;

    const sameThread = await graphOf(agent, "S-2").invoke(
      { messages: [{ role: "user", content: "Cancel S-2" }] },
      { configurable: { thread_id: "t-session" } },
    );
    expect(sameThread.__interrupt__).toBeUndefined();
    expect(ran).toEqual(["S-2"]);
    const toolMessage = sameThread.messages.find((m: { getType(): string }) => m.getType() === "tool");
    expect(String(toolMessage?.content)).toContain("cancelled S-2");

    const otherThread = await graphOf(agent, "S-3").invoke(
      { messages: [{ role: "user", content: "Cancel S-3" }] },
      { configurable: { thread_id: "t-other" } },
    );
    expect(otherThread.__interrupt__).toHaveLength(1);
    expect(ran).toEqual(["S-2"]);
  });
});
