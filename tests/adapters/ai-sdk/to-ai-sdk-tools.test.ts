import { type ModelMessage, type ToolApprovalResponse, generateText, stepCountIs } from "ai";
import { MockLanguageModelV3 } from "ai/test";
import { toAiSdkTools } from "toolwright/ai-sdk";
import { makeTravelAgent } from "../adapter-agent.js";

type Prompt = Parameters<MockLanguageModelV3["doGenerate"]>[0]["prompt"];

const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 1, text: 1, reasoning: undefined },
};

/** A model that calls `toolName` with `input` once, then answers with text once it has a tool result. */
function makeModel(toolName: string, input: unknown) {
  return new MockLanguageModelV3({
    doGenerate: async ({ prompt }) => {
      if (prompt.at(-1)?.role === "tool") {
        return {
          content: [{ type: "text", text: "done" }],
          finishReason: { unified: "stop", raw: undefined },
          usage,
          warnings: [],
        };
      }
      return {
        content: [{ type: "tool-call", toolCallId: "call-1", toolName, input: JSON.stringify(input) }],
        finishReason: { unified: "tool-calls", raw: undefined },
        usage,
        warnings: [],
      };
    },
  });
}

/** Returns the tool results the model was sent, from every request it received. */
function toolOutputsSent(model: MockLanguageModelV3) {
  return model.doGenerateCalls.flatMap(({ prompt }: { prompt: Prompt }) =>
    prompt.flatMap((message) =>
      message.role === "tool" ? message.content.filter((part) => part.type === "tool-result") : [],
    ),
  );
}

describe("toAiSdkTools", () => {
  it("runs the handler with the SDK's call id and sends the result to the model when the model calls a tool", async () => {
    const { agent, seen } = makeTravelAgent();
    const model = makeModel("forecast", { city: "Paris" });

    const result = await generateText({
      model,
      tools: toAiSdkTools(agent),
      prompt: "Weather?",
      stopWhen: stepCountIs(3),
    });

    expect(seen).toEqual([
      expect.objectContaining({ tool: "forecast", args: { city: "Paris", days: 1 }, callId: "call-1" }),
    ]);
    expect(toolOutputsSent(model)).toEqual([
      expect.objectContaining({
        toolCallId: "call-1",
        output: { type: "json", value: { city: "Paris", days: 1, sky: "sunny" } },
      }),
    ]);
    expect(result.text).toBe("done");
    expect(result.steps[0]?.toolResults[0]?.output).toMatchObject({ ok: true, outcome: "success", callId: "call-1" });
  });

  it("sends INVALID_ARGUMENTS text to the model when the arguments are invalid", async () => {
    const { agent, seen } = makeTravelAgent();
    const model = makeModel("forecast", { city: 42, days: 0 });

    await generateText({ model, tools: toAiSdkTools(agent), prompt: "Weather?", stopWhen: stepCountIs(3) });

    expect(seen).toEqual([]);
    const [sent] = toolOutputsSent(model);
    expect(sent?.output).toEqual({ type: "error-text", value: expect.stringContaining("Error (INVALID_ARGUMENTS)") });
    expect(sent?.output).toEqual({ type: "error-text", value: expect.stringContaining("/city") });
  });

  it("aborts the handler's signal when the SDK's abortSignal aborts", async () => {
    const controller = new AbortController();
    // Aborted just after the handler started, as a user leaving mid-call would.
    const { agent, seen } = makeTravelAgent({}, () => queueMicrotask(() => controller.abort(new Error("user left"))));

    await generateText({
      model: makeModel("forecast", { city: "Oslo" }),
      tools: toAiSdkTools(agent),
      prompt: "Weather?",
      abortSignal: controller.signal,
    }).catch(() => undefined);

    expect(seen).toHaveLength(1);
    expect(seen[0]?.signal.aborted).toBe(true);
  });

  it("asks through the SDK's tool approval and runs the approved call once when a tool requires approval", async () => {
    const { agent, seen } = makeTravelAgent();
    const tools = toAiSdkTools(agent);
    const model = makeModel("cancel_booking", { bookingId: "B-7" });
    const messages: ModelMessage[] = [{ role: "user", content: "Cancel B-7" }];

    const first = await generateText({ model, tools, messages, stopWhen: stepCountIs(3) });
    const requests = first.content.filter((part) => part.type === "tool-approval-request");
    expect(requests).toHaveLength(1);
    expect(requests[0]?.toolCall.input).toEqual({ bookingId: "B-7" });
    expect(seen).toEqual([]);

    messages.push(...first.response.messages);
    const approval: ToolApprovalResponse = {
      type: "tool-approval-response",
      approvalId: requests[0]!.approvalId,
      approved: true,
    };
    messages.push({ role: "tool", content: [approval] });
    const second = await generateText({ model, tools, messages, stopWhen: stepCountIs(3) });

    expect(seen).toEqual([
      expect.objectContaining({ tool: "cancel_booking", args: { bookingId: "B-7" }, callId: "call-1" }),
    ]);
    expect(agent.approvals.pending()).toEqual([]);
    expect(toolOutputsSent(model).at(-1)?.output).toEqual({ type: "text", value: "Booking B-7 cancelled." });
    expect(second.text).toBe("done");
  });

  it("never runs the handler when the SDK's approval is denied", async () => {
    const { agent, seen } = makeTravelAgent();
    const tools = toAiSdkTools(agent);
    const model = makeModel("cancel_booking", { bookingId: "B-8" });
    const messages: ModelMessage[] = [{ role: "user", content: "Cancel B-8" }];
    const first = await generateText({ model, tools, messages });
    const request = first.content.find((part) => part.type === "tool-approval-request");
    messages.push(...first.response.messages, {
      role: "tool",
      content: [{ type: "tool-approval-response", approvalId: request!.approvalId, approved: false, reason: "no" }],
    });

    await generateText({ model, tools, messages, stopWhen: stepCountIs(3) });

    expect(seen).toEqual([]);
    expect(agent.approvals.pending()).toEqual([]);
  });

  it("tells the model the call waits in agent.approvals when approval is toolwright's", async () => {
    const { agent, seen } = makeTravelAgent();
    const model = makeModel("cancel_booking", { bookingId: "B-9" });

    await generateText({
      model,
      tools: toAiSdkTools(agent, { approval: "toolwright" }),
      prompt: "x",
      stopWhen: stepCountIs(3),
    });

    expect(seen).toEqual([]);
    const [pending] = agent.approvals.pending();
    expect(pending?.args).toEqual({ bookingId: "B-9" });
    expect(toolOutputsSent(model)[0]?.output).toEqual({
      type: "error-text",
      value: expect.stringContaining("APPROVAL_REQUIRED"),
    });
  });

  it("gives fresh mutable schemas and marks deferred tools for Anthropic's deferred loading", async () => {
    const { agent } = makeTravelAgent();
    const tools = toAiSdkTools(agent);
    const schema = await (tools.forecast!.inputSchema as { jsonSchema: object }).jsonSchema;

    expect(Object.isFrozen(schema)).toBe(false);
    expect(schema).toEqual(agent.toolSpecs().find((s) => s.name === "forecast")?.inputSchema);
    expect(tools.archive_search?.providerOptions).toEqual({ anthropic: { deferLoading: true } });
    expect(tools.forecast?.providerOptions).toBeUndefined();
  });

  it("throws naming the unknown tool when only lists a tool the agent lacks", () => {
    const { agent } = makeTravelAgent();
    expect(() => toAiSdkTools(agent, { only: ["forecast", "teleport"] })).toThrow(/no tool "teleport"/);
    expect(Object.keys(toAiSdkTools(agent, { only: ["forecast"] }))).toEqual(["forecast"]);
  });
});
