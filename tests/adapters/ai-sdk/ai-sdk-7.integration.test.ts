import { readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { createConsumer, run, runNodeJson } from "../../package/consumer-project.js";
import { packedTarball } from "../../toolchains/packed-package.js";
import { runWhen } from "../../support/run-when.js";

// Build, pack, and a real install of ai@7 (the npm cache after `npm ci`: the repository's dev dependency "ai7").
jest.setTimeout(480_000);

// AI SDK 7's engines: node >=22. .ci/run runs this suite on Node 22 and 24.
const SUITE = "toolwright/ai-sdk on AI SDK 7 (the SDK's mock model)";
const runs = runWhen(
  Number(process.versions.node.split(".")[0]) >= 22,
  `tests/adapters/ai-sdk/ai-sdk-7.integration.test.ts, "${SUITE}"`,
  `AI SDK 7 needs Node >= 22; this is ${process.version}; .ci/run runs it on Node 22 and 24`,
);

/** An ESM script against the installed package and ai@7, with the SDK's own mock model; prints one JSON line. */
const script = `import { BaseAgent, ToolRegistry, p } from "toolwright";
import { toAiSdkToolSet, toAiSdkTools } from "toolwright/ai-sdk";
import { generateText, stepCountIs, streamText } from "ai";
import { MockLanguageModelV4 } from "ai/test";

const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 1, text: 1, reasoning: undefined },
};
function model(toolName, input) {
  return new MockLanguageModelV4({
    doGenerate: async ({ prompt }) =>
      prompt.at(-1)?.role === "tool"
        ? { content: [{ type: "text", text: "done" }], finishReason: { unified: "stop", raw: undefined }, usage, warnings: [] }
        : {
            content: [{ type: "tool-call", toolCallId: "call-1", toolName, input: JSON.stringify(input) }],
            finishReason: { unified: "tool-calls", raw: undefined },
            usage,
            warnings: [],
          },
  });
}
const sent = (m) =>
  m.doGenerateCalls.flatMap(({ prompt }) =>
    prompt.flatMap((message) => (message.role === "tool" ? message.content.filter((part) => part.type === "tool-result") : [])),
  );

function travel() {
  const registry = new ToolRegistry();
  const seen = [];
  registry.register("forecast", ({ city, days }) => (seen.push(["forecast", city, days]), \`Sunny in \${city}\`), {
    description: "Forecast the weather",
    params: { city: p.string(), days: p.integer().default(1) },
  });
  registry.register("cancel_booking", ({ bookingId }) => (seen.push(["cancel_booking", bookingId]), \`Booking \${bookingId} cancelled.\`), {
    description: "Cancel a booking",
    params: { bookingId: p.string() },
    requiresApproval: true,
  });
  registry.register("find_hotels", () => [], { description: "Find hotels", params: {}, deferred: true });
  class TravelAgent extends BaseAgent {
    static agentName = "travel_agent";
  }
  return { agent: new TravelAgent({ registry }), seen };
}

async function roundTrip(makeTools, approved) {
  const { agent, seen } = travel();
  const m = model("cancel_booking", { bookingId: "B-7" });
  const messages = [{ role: "user", content: "Cancel B-7" }];
  const first = await generateText({ model: m, ...makeTools(agent), messages, stopWhen: stepCountIs(3) });
  const requests = first.content.filter((part) => part.type === "tool-approval-request");
  const ranBeforeApproval = seen.length;
  messages.push(...first.response.messages, {
    role: "tool",
    content: [{ type: "tool-approval-response", approvalId: requests[0]?.approvalId, approved }],
  });
  const second = await generateText({ model: m, ...makeTools(agent), messages, stopWhen: stepCountIs(3) });
  return {
    requests: requests.map((part) => ({ toolName: part.toolCall.toolName, input: part.toolCall.input })),
    ranBeforeApproval,
    seen,
    pending: agent.approvals.pending().length,
    lastOutput: sent(m).at(-1)?.output,
    text: second.text,
  };
}

const out = {};
{
  const { agent, seen } = travel();
  const m = model("forecast", { city: "Paris" });
  const result = await generateText({ model: m, ...toAiSdkToolSet(agent), prompt: "Weather?", stopWhen: stepCountIs(3) });
  out.call = { seen, output: sent(m)[0]?.output, text: result.text };
}
out.toolSetApproved = await roundTrip((agent) => toAiSdkToolSet(agent), true);
out.toolSetDenied = await roundTrip((agent) => toAiSdkToolSet(agent), false);
out.toolsNeedsApproval = await roundTrip((agent) => ({ tools: toAiSdkTools(agent) }), true);
{
  // The ToolSet without its toolApproval: the SDK runs the call at once; toolwright's gate keeps it pending.
  const { agent, seen } = travel();
  const m = model("cancel_booking", { bookingId: "B-9" });
  await generateText({ model: m, tools: toAiSdkToolSet(agent).tools, prompt: "Cancel B-9", stopWhen: stepCountIs(3) });
  out.withoutToolApproval = { seen, pending: agent.approvals.pending().length, output: sent(m)[0]?.output };
}
{
  const { agent } = travel();
  const m = new MockLanguageModelV4({
    doStream: async () => ({
      stream: new ReadableStream({
        start(controller) {
          controller.enqueue({ type: "tool-call", toolCallId: "call-1", toolName: "cancel_booking", input: '{"bookingId":"B-1"}' });
          controller.enqueue({ type: "finish", finishReason: { unified: "tool-calls", raw: undefined }, usage });
          controller.close();
        },
      }),
    }),
  });
  const stream = streamText({ model: m, ...toAiSdkToolSet(agent), prompt: "Cancel B-1" });
  const types = [];
  for await (const part of stream.fullStream) types.push(part.type);
  out.stream = { approvalRequested: types.includes("tool-approval-request") };
}
{
  const { agent } = travel();
  const { tools, toolApproval } = toAiSdkToolSet(agent);
  out.shape = {
    tools: Object.keys(tools).sort(),
    approval: Object.keys(toolApproval),
    deferLoading: tools.find_hotels.deferLoading,
    forecastDeferLoading: tools.forecast.deferLoading ?? null,
  };
}
console.log(JSON.stringify(out));
`;

(runs ? describe : describe.skip)(SUITE, () => {
  let dir = "";
  let out: Record<string, unknown> = {};

  beforeAll(async () => {
    const tarball = await packedTarball();
    dir = createConsumer({
      "package.json": JSON.stringify({ name: "ai7-app", version: "0.0.0", private: true, type: "module" }),
      "main.mjs": script,
    });
    await run(
      "npm",
      ["install", tarball, "ai@^7.0.173", "--prefer-offline", "--no-audit", "--no-fund", "--loglevel=error"],
      dir,
    );
    expect(JSON.parse(readFileSync(join(dir, "node_modules/ai/package.json"), "utf8")).version).toMatch(/^7\./);
    out = await runNodeJson(dir, "main.mjs");
  });

  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("runs a call through agent.callTool and sends the result to the model", () => {
    expect(out.call).toEqual({
      seen: [["forecast", "Paris", 1]],
      output: { type: "text", value: "Sunny in Paris" },
      text: "done",
    });
  });

  it("asks through generateText's toolApproval and runs the approved call once, with the arguments shown", () => {
    expect(out.toolSetApproved).toEqual({
      requests: [{ toolName: "cancel_booking", input: { bookingId: "B-7" } }],
      ranBeforeApproval: 0,
      seen: [["cancel_booking", "B-7"]],
      pending: 0,
      lastOutput: { type: "text", value: "Booking B-7 cancelled." },
      text: "done",
    });
  });

  it("never runs a denied call", () => {
    expect(out.toolSetDenied).toMatchObject({ ranBeforeApproval: 0, seen: [], pending: 0 });
  });

  it("keeps toAiSdkTools' tool-level needsApproval working on 7", () => {
    expect(out.toolsNeedsApproval).toMatchObject({
      ranBeforeApproval: 0,
      seen: [["cancel_booking", "B-7"]],
      pending: 0,
    });
  });

  it("fails closed when the tools are used without their toolApproval", () => {
    expect(out.withoutToolApproval).toMatchObject({
      seen: [],
      pending: 1,
      output: { type: "error-text", value: expect.stringContaining("APPROVAL_REQUIRED") },
    });
  });

  it("asks through streamText's toolApproval too", () => {
    expect(out.stream).toEqual({ approvalRequested: true });
  });

  it("gives deferred tools the tool's own deferLoading, and a toolApproval entry only to tools that need one", () => {
    expect(out.shape).toEqual({
      tools: ["cancel_booking", "find_hotels", "forecast"],
      approval: ["cancel_booking"],
      deferLoading: true,
      forecastDeferLoading: null,
    });
  });
});
