import { MockActivityEnvironment } from "@temporalio/testing";
import { BaseAgent, type ToolCallContext, ToolRegistry, deriveIdempotencyKey, p, tool } from "toolwright";
import { idempotencyKeyOf, toolActivities } from "toolwright/temporal";
import { activityNames, activityOptionsFor, type TemporalToolSpec } from "toolwright/temporal-workflow";

// The activity side of toolwright/temporal, run through @temporalio/testing's MockActivityEnvironment (no server).
function makeAgent() {
  const effects: { tool: string; key: string | undefined; args: unknown }[] = [];
  class Billing extends BaseAgent {
    static override agentName = "billing";

    @tool({ description: "Charge", params: { cents: p.integer({ minimum: 1 }) }, timeoutMs: 2_000, maxRetries: 2 })
    charge({ cents }: { cents: number }, context: ToolCallContext) {
      effects.push({ tool: "charge", key: idempotencyKeyOf(context), args: { cents } });
      return { charged: cents };
    }

    @tool({
      description: "Refund",
      params: { cents: p.integer() },
      requiresApproval: (args) => (args.cents as number) > 100,
    })
    refund({ cents }: { cents: number }) {
      effects.push({ tool: "refund", key: undefined, args: { cents } });
      return { refunded: cents };
    }

    @tool({ description: "Close the account", params: {}, requiresApproval: true, onTimeout: "background" })
    close() {
      effects.push({ tool: "close", key: undefined, args: {} });
      return "closed";
    }
  }
  const agent = new Billing({ registry: new ToolRegistry() });
  return { agent, effects, activities: toolActivities(agent) as Record<string, (input: unknown) => Promise<unknown>> };
}

const names = activityNames("billing");
const workflowInfo = (workflowId: string) => ({
  workflowExecution: { workflowId, runId: "run-1" },
  activityId: "1",
});

describe("toolActivities (MockActivityEnvironment)", () => {
  it("registers one activity per tool and toolwright's three, under the agent's name", () => {
    const { activities } = makeAgent();
    expect(Object.keys(activities).sort()).toEqual(
      ["billing.charge", "billing.close", "billing.refund", names.call, names.needsApproval, names.specs].sort(),
    );
  });

  it("runs a call through the agent's dispatch, with a key derived from the workflow id", async () => {
    const { activities, effects } = makeAgent();
    const env = new MockActivityEnvironment(workflowInfo("order-42"));
    const input = { args: '{"cents":250}', callId: "call_1" };
    const result = await env.run(activities["billing.charge"]!, input);
    expect(result).toMatchObject({ ok: true, outcome: "success", content: { charged: 250 }, callId: "call_1" });
    const key = deriveIdempotencyKey({
      executionId: "order-42",
      callId: "call_1",
      toolName: "charge",
      args: input.args,
    });
    expect(effects).toEqual([{ tool: "charge", key, args: { cents: 250 } }]);
    // A retried attempt (a lost worker) of the same workflow and call gets the same key.
    await new MockActivityEnvironment({ ...workflowInfo("order-42"), attempt: 2 }).run(
      activities["billing.charge"]!,
      input,
    );
    expect(effects[1]!.key).toBe(key);
  });

  it("answers a model mistake with a result, never a failed activity", async () => {
    const { activities, effects } = makeAgent();
    const env = new MockActivityEnvironment(workflowInfo("w"));
    const invalid = await env.run(activities["billing.charge"]!, { args: { cents: 0 }, callId: "c" });
    expect(invalid).toMatchObject({ ok: false, outcome: "invalid_arguments" });
    const unknown = await env.run(activities[names.call]!, { name: "transfer", args: {}, callId: "c2" });
    expect(unknown).toMatchObject({ ok: false, outcome: "not_found", toolName: "transfer" });
    expect(effects).toEqual([]);
  });

  it("rejects a malformed activity input with a message naming the shape", async () => {
    const { activities } = makeAgent();
    const env = new MockActivityEnvironment(workflowInfo("w"));
    await expect(env.run(activities[names.call]!, { args: {} })).rejects.toThrow(/takes \{ name: string/);
  });

  it("runs an approved call once and refuses a rejected or undecided one", async () => {
    const { activities, effects } = makeAgent();
    const env = new MockActivityEnvironment(workflowInfo("w"));
    const approved = await env.run(activities["billing.close"]!, {
      args: {},
      callId: "a",
      decision: { approved: true },
    });
    expect(approved).toMatchObject({ ok: true, content: "closed" });
    const rejected = await env.run(activities["billing.close"]!, {
      args: {},
      callId: "b",
      decision: { approved: false, reason: "keep it" },
    });
    expect(rejected).toMatchObject({ ok: false, outcome: "rejected" });
    expect(rejected).toHaveProperty("error.message", expect.stringContaining("keep it"));
    const garbled = await env.run(activities["billing.close"]!, { args: {}, callId: "c", decision: "yes" });
    expect(garbled).toMatchObject({ ok: false, outcome: "rejected" });
    expect(effects.map((e) => e.tool)).toEqual(["close"]);
  });

  it("asks a requiresApproval predicate from an activity, failing closed", async () => {
    const { activities } = makeAgent();
    const env = new MockActivityEnvironment(workflowInfo("w"));
    const ask = activities[names.needsApproval]!;
    expect(await env.run(ask, { name: "refund", args: { cents: 500 }, callId: "r" })).toBe(true);
    expect(await env.run(ask, { name: "refund", args: '{"cents":5}', callId: "r" })).toBe(false);
    expect(await env.run(ask, { name: "charge", args: { cents: 500 }, callId: "r" })).toBe(false);
  });

  it("lists specs with the options activity options derive from", async () => {
    const { activities } = makeAgent();
    const listed: unknown = await new MockActivityEnvironment(workflowInfo("w")).run(
      activities[names.specs]!,
      undefined,
    );
    const specs = listed as TemporalToolSpec[];
    const byName = Object.fromEntries(specs.map((spec) => [spec.name, spec]));
    expect(byName.charge).toMatchObject({ timeoutMs: 2_000, maxRetries: 2, approval: "never" });
    expect(byName.charge!.inputSchema).toMatchObject({ type: "object", required: ["cents"] });
    expect(byName.refund).toMatchObject({ approval: "predicate" });
    expect(byName.close).toMatchObject({ approval: "always", onTimeout: "background" });

    // 3 tries of 2 s, pauses of 100 + 200 ms, 5 s of slack.
    expect(activityOptionsFor(byName.charge!)).toMatchObject({
      startToCloseTimeout: 11_300,
      retry: { maximumAttempts: 3 },
    });
    expect(activityOptionsFor(byName.refund!, { startToCloseTimeoutMs: 9_000 }).startToCloseTimeout).toBe(9_000);
    expect(activityOptionsFor(byName.close!).startToCloseTimeout).toBe(3_600_000);
  });
});
