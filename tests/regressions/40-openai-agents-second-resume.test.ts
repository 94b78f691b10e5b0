import {
  Agent,
  type AgentInputItem,
  type Model,
  type ModelRequest,
  type ModelResponse,
  RunState,
  Runner,
  Usage,
  setTracingDisabled,
} from "@openai/agents";
import { toOpenAIAgentsTools } from "toolwright/openai-agents";
import { makeTravelAgent } from "../adapters/adapter-agent.js";

setTracingDisabled(true);

// A saved RunState whose call was approved ran the call again when resumed a second time after toolwright had
// forgotten the decision (its memory keeps the last 1,000): the adapter did not tell its approval question that the
// run already held the human's approval, so a fresh pending approval was made, and approved, for the same call id.

/** Calls `cancel_booking` once, then answers "done" once it has read a tool result. */
class OneCallModel implements Model {
  /** The last tool output the model read. */
  lastOutput: unknown;

  async getResponse(request: ModelRequest): Promise<ModelResponse> {
    const items: AgentInputItem[] = typeof request.input === "string" ? [] : request.input;
    const results = items.flatMap((item) => (item.type === "function_call_result" ? [item.output] : []));
    const answered = results.length > 0;
    if (answered) this.lastOutput = results.at(-1);
    const output: ModelResponse["output"] = answered
      ? [{ type: "message", role: "assistant", status: "completed", content: [{ type: "output_text", text: "done" }] }]
      : [
          {
            type: "function_call",
            callId: "call-1",
            name: "cancel_booking",
            arguments: JSON.stringify({ bookingId: "B-7" }),
            status: "completed",
          },
        ];
    return { usage: new Usage(), output };
  }

  // eslint-disable-next-line require-yield
  async *getStreamedResponse(): AsyncIterable<never> {
    throw new Error("the stub does not stream");
  }
}

describe("an approved OpenAI Agents run state resumed twice", () => {
  it("runs the call once, even after toolwright forgot the decision", async () => {
    const { agent, seen } = makeTravelAgent();
    const model = new OneCallModel();
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
