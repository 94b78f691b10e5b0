import { MockActivityEnvironment } from "@temporalio/testing";
import {
  BaseAgent,
  type ToolCallContext,
  ToolRegistry,
  deriveIdempotencyKey,
  p,
  runDurableCall,
  tool,
} from "toolwright";
import { toolActivities } from "toolwright/temporal";
import { MemoryJournal } from "../../durable/journal-port.js";

// The activity side of toolwright/temporal runs each call through runDurableCall on the attempt's port: the same
// code (key, approval wait, one recorded result) as Restate's, here checked against the in-memory journal port.
function makeAgent() {
  const runs: { tool: string; key: string }[] = [];
  let failUntil = 0;
  class Payments extends BaseAgent {
    static override agentName = "payments";

    @tool({ description: "Pay out", params: { cents: p.integer({ minimum: 1 }) }, requiresApproval: true })
    payout({ cents }: { cents: number }, context: ToolCallContext) {
      runs.push({ tool: "payout", key: context.idempotencyKey });
      return { paid: cents };
    }

    @tool({ description: "Send a receipt", params: { to: p.string() }, maxRetries: 2 })
    receipt({ to }: { to: string }, context: ToolCallContext) {
      runs.push({ tool: "receipt", key: context.idempotencyKey });
      if (runs.length <= failUntil) throw new Error("mail server busy");
      return `sent to ${to}`;
    }
  }
  const agent = new Payments({ registry: new ToolRegistry() });
  const activities = toolActivities(agent) as Record<string, (input: unknown) => Promise<unknown>>;
  return { agent, runs, activities, failFirst: (n: number) => void (failUntil = n) };
}

const info = (workflowId: string, attempt = 1) => ({
  workflowExecution: { workflowId, runId: "run-1" },
  activityId: "7",
  attempt,
});

describe("toolActivities on the durable port", () => {
  it("runs a signal-approved call once, with what runDurableCall gives on any other engine", async () => {
    const { agent, runs, activities } = makeAgent();
    const input = { args: { cents: 900 }, callId: "call_pay", decision: { approved: true } };
    const result = await new MockActivityEnvironment(info("order-7")).run(activities["payments.payout"]!, input);
    expect(result).toMatchObject({ ok: true, outcome: "success", content: { paid: 900 }, callId: "call_pay" });
    expect(runs).toEqual([{ tool: "payout", key: expect.stringMatching(/^tw1-[0-9a-f]{64}$/) }]);
    // Decided in the same attempt: nothing is left waiting in the agent's own approvals.
    expect(agent.approvals.pending()).toEqual([]);

    // The same call on the journal port of an execution with the same id: the same key and the same result.
    const journal = new MemoryJournal("order-7");
    const port = journal.attempt();
    const other = makeAgent();
    const pending = runDurableCall(port, other.agent, "payout", { cents: 900 }, { callId: "call_pay" });
    journal.deliver("signal:toolwright-approval-call_pay", { approved: true });
    const journaled = await pending;
    expect(other.runs).toEqual(runs);
    const { durationMs: _a, ...fromActivity } = result as { durationMs?: number };
    const { durationMs: _b, ...fromJournal } = journaled as { durationMs?: number };
    expect(fromActivity).toEqual(fromJournal);
  });

  it("keeps the idempotency key across a retried attempt of the activity", async () => {
    const { runs, activities, failFirst } = makeAgent();
    const input = { args: { to: "ann@example.com" }, callId: "call_mail" };
    // Attempt 1 runs the handler, which fails, and is lost during toolwright's pause before its retry (the worker's
    // cancellation, as when Temporal gives up on a dead worker's attempt); Temporal then starts attempt 2.
    failFirst(1);
    const first = new MockActivityEnvironment(info("order-8", 1));
    const lost = first.run(activities["payments.receipt"]!, input);
    while (runs.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    first.cancel("TIMED_OUT");
    await lost.catch(() => undefined);
    const retried = await new MockActivityEnvironment(info("order-8", 2)).run(activities["payments.receipt"]!, input);
    expect(retried).toMatchObject({ ok: true, content: "sent to ann@example.com" });
    const key = deriveIdempotencyKey({
      executionId: "order-8",
      callId: "call_mail",
      toolName: "receipt",
      args: input.args,
    });
    expect(runs).toEqual([
      { tool: "receipt", key },
      { tool: "receipt", key },
    ]);
  });

  it("retries a throwing handler inside the attempt (maxRetries), never by failing the activity", async () => {
    const { runs, activities, failFirst } = makeAgent();
    failFirst(2);
    const env = new MockActivityEnvironment(info("order-9"));
    const result = await env.run(activities["payments.receipt"]!, { args: { to: "bo@example.com" }, callId: "c" });
    expect(result).toMatchObject({ ok: true, content: "sent to bo@example.com", attempts: 3 });
    expect(runs).toHaveLength(3);

    failFirst(Number.POSITIVE_INFINITY);
    runs.length = 0;
    // Out of retries: the attempt still completes, with the failure the model reads; Temporal has nothing to retry.
    const failed = await env.run(activities["payments.receipt"]!, { args: { to: "cy@example.com" }, callId: "d" });
    expect(failed).toMatchObject({ ok: false, attempts: 3 });
    expect(runs).toHaveLength(3);
  });
});
