import {
  BaseAgent,
  type DurableApprovalRequest,
  type ToolCallContext,
  ToolRegistry,
  deriveIdempotencyKey,
  idempotencyKeyOf,
  p,
  runDurableCall,
  tool,
} from "toolwright";
import { MemoryJournal } from "./journal-port.js";

function makeAgent() {
  const seen: { tool: string; key: string | undefined }[] = [];
  class Shop extends BaseAgent {
    static override agentName = "shop";

    @tool({ description: "Charge", params: { cents: p.integer({ minimum: 1 }) } })
    charge({ cents }: { cents: number }, context: ToolCallContext) {
      seen.push({ tool: "charge", key: idempotencyKeyOf(context) });
      return { cents };
    }

    @tool({
      description: "Refund",
      params: { cents: p.integer() },
      requiresApproval: (args) => (args.cents as number) > 100,
    })
    async refund({ cents }: { cents: number }, context: ToolCallContext) {
      await new Promise((resolve) => setImmediate(resolve));
      seen.push({ tool: "refund", key: idempotencyKeyOf(context) });
      return { refunded: cents };
    }

    @tool({ description: "Slow", params: {}, timeoutMs: 20, onTimeout: "background" })
    async slow() {
      await new Promise((resolve) => setTimeout(resolve, 80));
      return "done";
    }

    @tool({ description: "Nested", params: {}, readOnly: true })
    async nested(_args: object, context: ToolCallContext) {
      await this.callTool("charge", { cents: 1 }, { callId: "inner" });
      return idempotencyKeyOf(context);
    }
  }
  return { agent: new Shop({ registry: new ToolRegistry() }), seen };
}

describe("runDurableCall", () => {
  it("records one result per call and returns it on a replay without running the tool again", async () => {
    const { agent, seen } = makeAgent();
    const journal = new MemoryJournal();
    const first = await runDurableCall(journal.attempt(), agent, "charge", '{"cents":5}', { callId: "c1" });
    const replay = await runDurableCall(journal.attempt(), agent, "charge", '{"cents":5}', { callId: "c1" });
    expect(first).toMatchObject({ ok: true, content: { cents: 5 }, callId: "c1" });
    expect(replay).toEqual(first);
    expect(seen).toHaveLength(1);
  });

  it("gives the handler the same key in every attempt, derived from execution, call, tool and arguments", async () => {
    const { agent, seen } = makeAgent();
    const journal = new MemoryJournal("exec-7");
    await runDurableCall(journal.attempt(), agent, "charge", { cents: 5 }, { callId: "c1" });
    journal.steps.length = 0; // the step was cut short: the next attempt runs it again
    await runDurableCall(journal.attempt(), agent, "charge", { cents: 5 }, { callId: "c1" });
    const key = deriveIdempotencyKey({ executionId: "exec-7", callId: "c1", toolName: "charge", args: { cents: 5 } });
    expect(seen.map((s) => s.key)).toEqual([key, key]);
    expect(
      deriveIdempotencyKey({ executionId: "exec-8", callId: "c1", toolName: "charge", args: { cents: 5 } }),
    ).not.toBe(key);
    expect(
      deriveIdempotencyKey({ executionId: "exec-7", callId: "c1", toolName: "charge", args: { cents: 6 } }),
    ).not.toBe(key);
  });

  it("derives the same call id on a replay when the model gave none", async () => {
    const { agent } = makeAgent();
    const journal = new MemoryJournal();
    const port = journal.attempt();
    const a = await runDurableCall(port, agent, "charge", { cents: 1 });
    const b = await runDurableCall(port, agent, "charge", { cents: 2 });
    expect([a.callId, b.callId]).toEqual(["exec-1#1", "exec-1#2"]);
    const again = journal.attempt();
    expect((await runDurableCall(again, agent, "charge", { cents: 1 })).callId).toBe("exec-1#1");
  });

  it("gives a plain call the pipeline's own key, and a nested call of a durable handler a key of its own", async () => {
    const { agent, seen } = makeAgent();
    const plain = await agent.callTool("charge", { cents: 3 }, { callId: "p1" });
    expect(plain.ok).toBe(true);
    expect(seen[0]!.key).toMatch(/^tw1-[0-9a-f]{64}$/);
    const result = await runDurableCall(new MemoryJournal().attempt(), agent, "nested", {}, { callId: "outer" });
    expect(result.content).toMatch(/^tw1-/);
    // The inner call is not the durable one: it gets the key of a plain call "inner", not its parent's.
    expect(seen[1]!.key).toMatch(/^tw1-/);
    expect(seen[1]!.key).not.toBe(result.content);
    await agent.callTool("charge", { cents: 1 }, { callId: "inner" });
    expect(seen[2]!.key).toBe(seen[1]!.key);
  });

  it("prefers a key the call's context carries itself", () => {
    const context = { ...fakeContext(), idempotencyKey: "from-pipeline" };
    expect(idempotencyKeyOf(context)).toBe("from-pipeline");
  });

  it("waits for the approval signal, tells the app once, and runs the approved call once", async () => {
    const { agent, seen } = makeAgent();
    const journal = new MemoryJournal();
    const requests: DurableApprovalRequest[] = [];
    const options = { callId: "r1", onApprovalRequested: (r: DurableApprovalRequest) => void requests.push(r) };
    const waiting = runDurableCall(journal.attempt(), agent, "refund", { cents: 500 }, options);
    await new Promise((resolve) => setImmediate(resolve));
    expect(requests).toEqual([
      expect.objectContaining({ signalId: "signal:toolwright-approval-r1", args: { cents: 500 } }),
    ]);
    expect(seen).toEqual([]);

    journal.deliver(requests[0]!.signalId, { approved: true });
    expect(await waiting).toMatchObject({ ok: true, content: { refunded: 500 } });
    // A replay after the decision: the request is not sent again and the tool does not run again.
    expect(await runDurableCall(journal.attempt(), agent, "refund", { cents: 500 }, options)).toMatchObject({
      ok: true,
    });
    expect(requests).toHaveLength(1);
    expect(seen).toHaveLength(1);
    expect(agent.approvals.pending()).toEqual([]);
  });

  it("does not ask when the predicate says no, and records what it said", async () => {
    const { agent } = makeAgent();
    const journal = new MemoryJournal();
    const result = await runDurableCall(journal.attempt(), agent, "refund", { cents: 50 }, { callId: "r2" });
    expect(result).toMatchObject({ ok: true, content: { refunded: 50 } });
    expect(journal.steps.map((s) => [s.name, s.value])).toEqual([
      ["approval check refund", false],
      ["tool refund", expect.objectContaining({ ok: true })],
    ]);
  });

  it.each([
    [{ approved: false, reason: "too much" }, "too much"],
    [{ approved: "yes" }, "not { approved: true | false }"],
    [null, "not { approved: true | false }"],
  ])("refuses the call without running it when the decision is %j", async (payload, reason) => {
    const { agent, seen } = makeAgent();
    const journal = new MemoryJournal();
    journal.deliver("signal:toolwright-approval-r3", payload);
    const result = await runDurableCall(journal.attempt(), agent, "refund", { cents: 500 }, { callId: "r3" });
    expect(result).toMatchObject({ ok: false, outcome: "rejected" });
    expect(result.error?.message).toContain(reason);
    expect(seen).toEqual([]);
  });

  it("sees a tool registered after its first call, with that tool's approval rule", async () => {
    const registry = new ToolRegistry();
    class Ops extends BaseAgent {
      static override agentName = "ops";
    }
    const agent = new Ops({ registry });
    const journal = new MemoryJournal();
    expect(await runDurableCall(journal.attempt(), agent, "wipe", {}, { callId: "w0" })).toMatchObject({
      outcome: "not_found",
    });
    registry.register("wipe", () => "wiped", {
      description: "Wipe",
      inputSchema: { type: "object" },
      requiresApproval: true,
      allowedAgents: ["ops"],
    });
    const later = new MemoryJournal("exec-2");
    later.deliver("signal:toolwright-approval-w1", { approved: false, reason: "no" });
    const result = await runDurableCall(later.attempt(), agent, "wipe", {}, { callId: "w1" });
    expect(result).toMatchObject({ outcome: "rejected" });
  });

  it("records the final result of a call that went to the background at its time limit", async () => {
    const { agent } = makeAgent();
    const journal = new MemoryJournal();
    const result = await runDurableCall(journal.attempt(), agent, "slow", {}, { callId: "s1" });
    expect(result).toMatchObject({ ok: true, outcome: "success", content: "done" });
    expect(journal.steps).toHaveLength(1);
  });

  it("records a model mistake as a result, with the tool never run", async () => {
    const { agent, seen } = makeAgent();
    const journal = new MemoryJournal();
    const result = await runDurableCall(journal.attempt(), agent, "charge", "not json", { callId: "c2" });
    expect(result).toMatchObject({ ok: false, outcome: "invalid_arguments" });
    expect(await runDurableCall(new MemoryJournal().attempt(), agent, "nope", {}, { callId: "c3" })).toMatchObject({
      outcome: "not_found",
    });
    expect(seen).toEqual([]);
  });
});

function fakeContext(): Omit<ToolCallContext, "idempotencyKey"> {
  const tool = { name: "probe", description: "probe", inputSchema: { type: "object" as const } };
  return { signal: new AbortController().signal, agent: undefined, callId: "c", tool, reportProgress: () => {} };
}
