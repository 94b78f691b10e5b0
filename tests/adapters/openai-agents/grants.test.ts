import { Agent, Runner, setTracingDisabled } from "@openai/agents";
import { BaseAgent, ToolRegistry, p, tool } from "toolwright";
import { toOpenAIAgentsTools } from "toolwright/openai-agents";
import { oneCallModel } from "../../support/scripted-agents-model.js";

// Issue 38 through the OpenAI Agents SDK's own approval flow: `state.approve(item, { alwaysApprove: true })` in a
// session is remembered as a session grant, so a later run of the same session does not interrupt for that tool.

setTracingDisabled(true);

const cancelled: string[] = [];
class Bookings extends BaseAgent {
  static override agentName = "grant_bookings";
  @tool({ description: "Cancel a booking", params: { bookingId: p.string() }, requiresApproval: true })
  cancel_booking({ bookingId }: { bookingId: string }) {
    cancelled.push(bookingId);
    return `Booking ${bookingId} cancelled.`;
  }
}

function assistant(agent: BaseAgent, session: string, bookingId: string, callId: string) {
  const model = oneCallModel("cancel_booking", { bookingId }, { id: callId });
  return new Agent({ name: "travel", instructions: "Help.", model, tools: toOpenAIAgentsTools(agent, { session }) });
}

describe("grants through the OpenAI Agents approval flow", () => {
  it("remembers alwaysApprove for the session; a later run of it does not interrupt, another session does", async () => {
    const agent = new Bookings({ registry: new ToolRegistry() });
    const runner = new Runner();
    const first = await runner.run(assistant(agent, "conv-1", "B-1", "call-1"), "Cancel B-1");
    expect(first.interruptions).toHaveLength(1);
    first.state.approve(first.interruptions[0]!, { alwaysApprove: true });
    await runner.run(assistant(agent, "conv-1", "B-1", "call-1"), first.state);
    expect(cancelled).toEqual(["B-1"]);
    const grants = await agent.approvals.grants({ session: "conv-1" });
    expect(grants).toMatchObject([{ toolName: "cancel_booking", level: "session", session: "conv-1" }]);

    // A new run of the same conversation: a new run state, which knows nothing of the earlier "always".
    const later = await runner.run(assistant(agent, "conv-1", "B-2", "call-2"), "Cancel B-2");
    expect(later.interruptions).toHaveLength(0);
    expect(cancelled).toEqual(["B-1", "B-2"]);

    const other = await runner.run(assistant(agent, "conv-2", "B-3", "call-3"), "Cancel B-3");
    expect(other.interruptions).toHaveLength(1);
    expect(cancelled).toEqual(["B-1", "B-2"]);
  });

  it("keeps a one-time approval single use: no grant", async () => {
    const agent = new Bookings({ registry: new ToolRegistry() });
    const runner = new Runner();
    const first = await runner.run(assistant(agent, "conv-9", "B-9", "call-9"), "Cancel B-9");
    first.state.approve(first.interruptions[0]!);
    await runner.run(assistant(agent, "conv-9", "B-9", "call-9"), first.state);
    expect(await agent.approvals.grants({ session: "conv-9" })).toEqual([]);
    const later = await runner.run(assistant(agent, "conv-9", "B-10", "call-10"), "Cancel B-10");
    expect(later.interruptions).toHaveLength(1);
  });
});
