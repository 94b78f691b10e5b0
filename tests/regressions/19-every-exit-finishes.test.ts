import { BaseAgent, ToolRegistry, type ToolEvent, p, tool } from "toolwright";
import { askApproval, bridgeTools, callBridged } from "../../src/adapters/agent-bridge.js";
import { type CallTracer, type TracedCall, setCallTracer } from "../../src/dispatch/call-tracer.js";

// Issue 19: every exit of a call goes through the pipeline's one finish step. Three exits of an adapter's approved
// run (its approval already used, never recorded here, or approve() throwing) and a batch entry that is not a tool
// call answered with a result but raised no `after` / `error` event and were never traced, unlike every other end.

function makeAgent() {
  const ran: string[] = [];
  class Ops extends BaseAgent {
    static override agentName = "ops";
    @tool({
      name: "cancel_booking",
      description: "Cancel a booking",
      params: { bookingId: p.string() },
      requiresApproval: true,
    })
    cancel({ bookingId }: { bookingId: string }) {
      ran.push(bookingId);
      return `cancelled ${bookingId}`;
    }
    @tool({ name: "look", description: "Look", params: {}, readOnly: true })
    look() {
      return "seen";
    }
  }
  const agent = new Ops({ registry: new ToolRegistry() });
  const events: { event: string; toolName: string; callId: string; code: string | undefined }[] = [];
  const record = (e: ToolEvent) =>
    void events.push({ event: e.event, toolName: e.toolName, callId: e.callId, code: e.result?.error?.code });
  agent.on("after", record);
  agent.on("error", record);
  const traced: TracedCall[] = [];
  const tracer: CallTracer = {
    isTracing: () => true,
    trace: async (call, run) => (traced.push(call), run()),
    settled: () => undefined,
  };
  setCallTracer(tracer);
  const [bridged] = bridgeTools(agent, { only: ["cancel_booking"] });
  return { agent, bridged: bridged!, events, traced, ran };
}

afterEach(() => setCallTracer(undefined));

describe("every exit of a call is finished (issue 19)", () => {
  it("raises after and error, traced, when a framework's approval was already used", async () => {
    const { agent, bridged, events, traced, ran } = makeAgent();
    const input = { bookingId: "B-7" };
    expect(await askApproval(agent, bridged.tool, input, "call-1")).toBe(true);
    expect((await callBridged(agent, bridged, input, { callId: "call-1", approvedByFramework: true })).ok).toBe(true);
    events.length = 0;
    traced.length = 0;

    const replay = await callBridged(agent, bridged, input, { callId: "call-1", approvedByFramework: true });
    expect(replay.error?.code).toBe("APPROVAL_MISMATCH");
    expect(ran).toEqual(["B-7"]);
    expect(events).toEqual([
      { event: "after", toolName: "cancel_booking", callId: "call-1", code: "APPROVAL_MISMATCH" },
      { event: "error", toolName: "cancel_booking", callId: "call-1", code: "APPROVAL_MISMATCH" },
    ]);
    expect(traced.map((c) => [c.phase, c.toolName, c.callId])).toEqual([["call", "cancel_booking", "call-1"]]);
  });

  it("raises after and error, traced, when the agent never recorded the framework's approval", async () => {
    const { agent, bridged, events, traced, ran } = makeAgent();
    const result = await callBridged(
      agent,
      bridged,
      { bookingId: "B-8" },
      { callId: "c-9", approvedByFramework: true },
    );
    expect(result.error?.code).toBe("APPROVAL_MISMATCH");
    expect(ran).toEqual([]);
    expect(events.map((e) => [e.event, e.callId, e.code])).toEqual([
      ["after", "c-9", "APPROVAL_MISMATCH"],
      ["error", "c-9", "APPROVAL_MISMATCH"],
    ]);
    expect(traced.map((c) => c.callId)).toEqual(["c-9"]);
  });

  it("raises after and error, traced, when approving the framework's edit throws", async () => {
    const { agent, bridged, events, traced, ran } = makeAgent();
    expect(await askApproval(agent, bridged.tool, { bookingId: "B-7" }, "call-2")).toBe(true);
    events.length = 0;
    traced.length = 0;
    // An edit the schema refuses: approve() rejects and the call stays pending.
    const result = await callBridged(
      agent,
      bridged,
      { bookingId: 7 },
      { callId: "call-2", approvedByFramework: true, changedArgs: "edit" },
    );
    expect(result.error?.code).toBe("APPROVAL_MISMATCH");
    expect(ran).toEqual([]);
    expect(events.map((e) => [e.event, e.callId, e.code])).toEqual([
      ["after", "call-2", "APPROVAL_MISMATCH"],
      ["error", "call-2", "APPROVAL_MISMATCH"],
    ]);
    expect(traced.map((c) => c.callId)).toEqual(["call-2"]);
  });

  it("answers APPROVAL_MISMATCH and runs nothing when the agent is only agent-like (it may drop endWith)", async () => {
    const { agent, bridged, ran } = makeAgent();
    const lookalike = {
      name: agent.name,
      id: agent.id,
      tools: () => agent.tools(),
      approvals: agent.approvals,
      callTool: (name: string, args: unknown, options?: { callId?: string | undefined }) =>
        agent.callTool(name, args, { callId: options?.callId }),
    };
    const input = { bookingId: "B-9" };
    const result = await callBridged(lookalike, bridged, input, { callId: "c-1", approvedByFramework: true });
    expect(result.error?.code).toBe("APPROVAL_MISMATCH");
    expect(ran).toEqual([]);
    expect(await agent.approvals.list()).toEqual([]);
  });

  it("raises after and error, traced, for a batch entry that is not a tool call", async () => {
    const { agent, events, traced } = makeAgent();
    const results = await agent.runToolCalls([
      { id: "ok-1", name: "look", arguments: {} },
      { id: "bad-1", arguments: {} } as never,
    ]);
    expect(results.map((r) => r.outcome)).toEqual(["success", "invalid_arguments"]);
    expect(events.filter((e) => e.callId === "bad-1")).toEqual([
      { event: "after", toolName: "", callId: "bad-1", code: "INVALID_ARGUMENTS" },
      { event: "error", toolName: "", callId: "bad-1", code: "INVALID_ARGUMENTS" },
    ]);
    expect(traced.map((c) => c.callId).sort()).toEqual(["bad-1", "ok-1"]);
  });

  it("traces a batch call cancelled before it started and, as finish decides, raises no event", async () => {
    const { agent, events, traced } = makeAgent();
    const controller = new AbortController();
    controller.abort(new Error("stop"));
    const [result] = await agent.runToolCalls([{ id: "late-1", name: "look", arguments: {} }], {
      signal: controller.signal,
    });
    expect(result?.outcome).toBe("cancelled");
    expect(events).toEqual([]);
    expect(traced.map((c) => [c.toolName, c.callId])).toEqual([["look", "late-1"]]);
  });
});
