import { type ModelMessage, type ToolApprovalResponse, generateText, stepCountIs } from "ai";
import { MockLanguageModelV3 } from "ai/test";
import { Agent, RunState, Runner, setTracingDisabled } from "@openai/agents";
import { BaseAgent, MemoryStore, ToolRegistry, p, tool } from "toolwright";
import { toAiSdkTools } from "toolwright/ai-sdk";
import { toOpenAIAgentsTools } from "toolwright/openai-agents";
import { type ScriptedModel, oneCallModel } from "../support/scripted-agents-model.js";

// Issue 23: through toAiSdkTools and toOpenAIAgentsTools, toolwright granted its own approval for whatever input the
// framework handed back: an edited approved history ran other arguments, a replayed one (or one run state resumed
// twice) ran the tool twice, and an approval predicate ran four times for one approved AI SDK call.

setTracingDisabled(true);

function makeOps(store?: MemoryStore) {
  const ran: string[] = [];
  const asked: unknown[] = [];
  class Ops extends BaseAgent {
    static override agentName = "ops";
    @tool({
      name: "cancel_booking",
      description: "Cancel a booking",
      params: { bookingId: p.string() },
      requiresApproval: (args) => (asked.push(args), true),
    })
    cancel({ bookingId }: { bookingId: string }) {
      ran.push(bookingId);
      return `cancelled ${bookingId}`;
    }
  }
  const agent = new Ops({ registry: new ToolRegistry({ scope: "t" }), ...(store && { store }) });
  return { agent, ran, asked };
}

const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 1, text: 1, reasoning: undefined },
};

function aiModel(input: unknown) {
  return new MockLanguageModelV3({
    doGenerate: async ({ prompt }) =>
      prompt.at(-1)?.role === "tool"
        ? {
            content: [{ type: "text", text: "done" }],
            finishReason: { unified: "stop", raw: undefined },
            usage,
            warnings: [],
          }
        : {
            content: [
              { type: "tool-call", toolCallId: "call-1", toolName: "cancel_booking", input: JSON.stringify(input) },
            ],
            finishReason: { unified: "tool-calls", raw: undefined },
            usage,
            warnings: [],
          },
  });
}

function lastAiToolOutput(model: MockLanguageModelV3): unknown {
  const parts = model.doGenerateCalls.flatMap(({ prompt }) =>
    prompt.flatMap((m) => (m.role === "tool" ? m.content.filter((part) => part.type === "tool-result") : [])),
  );
  return parts.at(-1)?.output;
}

/** Runs the AI SDK up to its approval request and returns the history with the human's approval appended. */
async function approvedHistory(agent: BaseAgent, model: MockLanguageModelV3): Promise<ModelMessage[]> {
  const tools = toAiSdkTools(agent);
  const messages: ModelMessage[] = [{ role: "user", content: "Cancel B-7" }];
  const first = await generateText({ model, tools, messages, stopWhen: stepCountIs(3) });
  const request = first.content.find((part) => part.type === "tool-approval-request")!;
  const approval: ToolApprovalResponse = {
    type: "tool-approval-response",
    approvalId: request.approvalId,
    approved: true,
  };
  return [...messages, ...first.response.messages, { role: "tool", content: [approval] }];
}

describe("AI SDK tool approval bound to toolwright's record (issue 23)", () => {
  it("runs an approved call once and asks the predicate once", async () => {
    const { agent, ran, asked } = makeOps();
    const model = aiModel({ bookingId: "B-7" });
    const history = await approvedHistory(agent, model);
    await generateText({ model, tools: toAiSdkTools(agent), messages: history, stopWhen: stepCountIs(3) });
    expect(ran).toEqual(["B-7"]);
    expect(asked).toHaveLength(1);
    expect(lastAiToolOutput(model)).toEqual({ type: "text", value: "cancelled B-7" });
  });

  it("runs nothing, and says why, when the approved history is sent again", async () => {
    const { agent, ran } = makeOps();
    const model = aiModel({ bookingId: "B-7" });
    const history = await approvedHistory(agent, model);
    const tools = toAiSdkTools(agent);
    await generateText({ model, tools, messages: history, stopWhen: stepCountIs(3) });
    await generateText({ model, tools, messages: history, stopWhen: stepCountIs(3) });
    expect(ran).toEqual(["B-7"]);
    expect(lastAiToolOutput(model)).toEqual({
      type: "error-text",
      value: expect.stringMatching(/APPROVAL_MISMATCH.*already used.*single use/),
    });
  });

  it("runs nothing, and says why, when the approved history's arguments were edited", async () => {
    const { agent, ran } = makeOps();
    const model = aiModel({ bookingId: "B-7" });
    const history = await approvedHistory(agent, model);
    const edited = JSON.parse(JSON.stringify(history).replaceAll('"B-7"', '"EVERYTHING"')) as ModelMessage[];
    await generateText({ model, tools: toAiSdkTools(agent), messages: edited, stopWhen: stepCountIs(3) });
    expect(ran).toEqual([]);
    expect(lastAiToolOutput(model)).toEqual({
      type: "error-text",
      value: expect.stringMatching(/APPROVAL_MISMATCH.*differ from the ones the user approved/),
    });
    // The edit used the approval up: the genuine history cannot run it afterwards either.
    await generateText({ model, tools: toAiSdkTools(agent), messages: history, stopWhen: stepCountIs(3) });
    expect(ran).toEqual([]);
  });

  it("says why when the approval round trip reaches an agent that never recorded it", async () => {
    const model = aiModel({ bookingId: "B-7" });
    const history = await approvedHistory(makeOps().agent, model);
    const other = makeOps();
    await generateText({ model, tools: toAiSdkTools(other.agent), messages: history, stopWhen: stepCountIs(3) });
    expect(other.ran).toEqual([]);
    expect(lastAiToolOutput(model)).toEqual({
      type: "error-text",
      value: expect.stringMatching(/APPROVAL_MISMATCH.*holds no approval of this call/),
    });
  });

  it("binds across agent instances that share a store", async () => {
    const store = new MemoryStore();
    const model = aiModel({ bookingId: "B-7" });
    const history = await approvedHistory(makeOps(store).agent, model);
    const second = makeOps(store);
    await generateText({ model, tools: toAiSdkTools(second.agent), messages: history, stopWhen: stepCountIs(3) });
    expect(second.ran).toEqual(["B-7"]);
    const third = makeOps(store);
    await generateText({ model, tools: toAiSdkTools(third.agent), messages: history, stopWhen: stepCountIs(3) });
    expect(third.ran).toEqual([]);
  });
});

async function savedApprovedState(agent: BaseAgent, model: ScriptedModel) {
  const assistant = new Agent({ name: "ops", instructions: "Help.", model, tools: toOpenAIAgentsTools(agent) });
  const first = await new Runner().run(assistant, "Cancel B-7");
  expect(first.interruptions).toHaveLength(1);
  first.state.approve(first.interruptions[0]!);
  return { assistant, saved: first.state.toString() };
}

describe("OpenAI Agents run state bound to toolwright's record (issue 23)", () => {
  it("runs once, with the predicate asked once, when one saved run state is resumed twice", async () => {
    const { agent, ran, asked } = makeOps();
    const model = oneCallModel("cancel_booking", { bookingId: "B-7" });
    const { assistant, saved } = await savedApprovedState(agent, model);

    await new Runner().run(assistant, await RunState.fromString(assistant, saved));
    expect(ran).toEqual(["B-7"]);
    expect(model.lastOutputText).toBe("cancelled B-7");
    await new Runner().run(assistant, await RunState.fromString(assistant, saved));
    expect(ran).toEqual(["B-7"]);
    expect(model.lastOutputText).toMatch(/APPROVAL_MISMATCH.*already used/);
    expect(asked).toHaveLength(1);
  });

  it("runs nothing when the saved run state's arguments were edited", async () => {
    const { agent, ran } = makeOps();
    const model = oneCallModel("cancel_booking", { bookingId: "B-7" });
    const { assistant, saved } = await savedApprovedState(agent, model);
    const edited = saved.replaceAll("B-7", "EVERYTHING");
    await new Runner().run(assistant, await RunState.fromString(assistant, edited));
    expect(ran).toEqual([]);
    expect(model.lastOutputText).toMatch(/APPROVAL_MISMATCH.*differ from the ones the user approved/);
  });
});
