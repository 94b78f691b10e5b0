import { Agent, RunState, Runner, setTracingDisabled } from "@openai/agents";
import { toOpenAIAgentsTools } from "toolwright/openai-agents";
import { makeTravelAgent } from "../adapters/adapter-agent.js";
import { oneCallModel } from "../support/scripted-agents-model.js";

setTracingDisabled(true);

// A saved RunState whose call was approved ran the call again when resumed a second time after toolwright had
// forgotten the decision (its memory keeps the last 1,000): the adapter did not tell its approval question that the
// run already held the human's approval, so a fresh pending approval was made, and approved, for the same call id.

describe("an approved OpenAI Agents run state resumed twice", () => {
  it("runs the call once, even after toolwright forgot the decision", async () => {
    const { agent, seen } = makeTravelAgent();
    const model = oneCallModel("cancel_booking", { bookingId: "B-7" });
    const assistant = new Agent({
      name: "travel",
      instructions: "Help.",
      model,
      tools: toOpenAIAgentsTools(agent),
    });
    const runner = new Runner();
    const first = await runner.run(assistant, "Cancel B-7");
    const saved = first.state.toString();

    const resumeApproved = async () => {
      const state = await RunState.fromString(assistant, saved);
      state.approve(state.getInterruptions()[0]!);
      return runner.run(assistant, state);
    };
    await resumeApproved();
    expect(seen.map((s) => s.callId)).toEqual(["call-1"]);

    // 1,000 later decisions push this one out of the agent's memory of decided approvals.
    for (let i = 0; i < 1_000; i++) {
      const asked = await agent.callTool("cancel_booking", { bookingId: `X-${i}` }, { callId: `later-${i}` });
      await agent.approvals.reject(asked.approvalId!, "not now");
    }

    const again = await resumeApproved();
    expect(seen.map((s) => s.callId)).toEqual(["call-1"]);
    expect(agent.approvals.pending()).toEqual([]);
    expect(again.finalOutput).toBe("done");
    expect(JSON.stringify(model.lastOutput)).toContain("APPROVAL_MISMATCH");
  });
});
