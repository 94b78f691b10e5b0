import fc from "fast-check";
import { BaseAgent, MemoryStore, ToolRegistry, ToolValidationError, p, tool } from "toolwright";
import { bridgeTools, callBridged } from "../../src/adapters/agent-bridge.js";

// Issue 23: the adapters' approval round trips, generated. Every adapter binds the framework's approval through the
// same two steps (the framework asks, then runs what it holds as approved); these properties drive them with random
// sequences of asks, approved runs, replays, edited histories and human edits, on memory and on a shared store.
// `npm run fuzz` sets FUZZ_CALLS=1000000; FUZZ_SEED replays a reported failure.
const RUNS = Math.max(50, Math.ceil(Number(process.env.FUZZ_CALLS ?? 20_000) / 100));
const SEED = Number(process.env.FUZZ_SEED ?? 20261201);

let reachedHandler = 0;
const ORDER = /^[A-Z]-[0-9]{1,3}$/;

function makeOps(store: MemoryStore | undefined) {
  const ran: { callId: string; order: unknown }[] = [];
  class Ops extends BaseAgent {
    static override agentName = "ops";
    @tool({
      name: "cancel",
      description: "Cancel an order",
      params: { order: p.string({ pattern: ORDER.source }) },
      requiresApproval: (args) => String(args.order).endsWith("7") || String(args.order).length > 0,
    })
    cancel({ order }: { order: string }, context: { callId: string }) {
      reachedHandler += 1;
      ran.push({ callId: context.callId, order });
      return `cancelled ${order}`;
    }
  }
  const agent = new Ops({ registry: new ToolRegistry({ scope: "fuzz" }), ...(store && { store }) });
  const [bridged] = bridgeTools(agent, { approval: "framework" });
  return { agent, bridged: bridged!, ran };
}

// Mostly a few valid orders, so asks, runs and edits of one call meet; sometimes anything at all.
const orderArb = fc.oneof(
  { arbitrary: fc.constantFrom("B-7", "B-8", "C-1"), weight: 6 },
  fc.stringMatching(ORDER),
  fc.string({ maxLength: 6 }),
  fc.constantFrom("EVERYTHING", "", "*"),
  fc.integer(),
);
const callIdArb = fc.constantFrom("c1", "c2");
/** One step of a conversation a framework (or an attacker editing its history) drives. */
const stepArb = fc.oneof(
  fc.record({ kind: fc.constant("ask" as const), callId: callIdArb, order: orderArb }),
  fc.record({
    kind: fc.constant("run" as const),
    callId: callIdArb,
    order: orderArb,
    approvedByFramework: fc.option(fc.boolean(), { nil: undefined }),
    changedArgs: fc.constantFrom("mismatch" as const, "edit" as const),
  }),
  fc.record({
    kind: fc.constant("approve" as const),
    callId: callIdArb,
    edit: fc.option(orderArb, { nil: undefined }),
  }),
);

describe("adapters' approval round trips, generated", () => {
  it("run each call at most once, only with the asked or a valid edited argument, and never throw", async () => {
    const property = fc.asyncProperty(fc.boolean(), fc.array(stepArb, { maxLength: 12 }), async (shared, steps) => {
      const { agent, bridged, ran } = makeOps(shared ? new MemoryStore() : undefined);
      // Per call id: the arguments that may run (asked, or edited by a human), and how many runs were granted.
      const allowed = new Map<string, unknown[]>();
      const granted = new Map<string, number>();
      const allow = (callId: string, order: unknown) => allowed.set(callId, [...(allowed.get(callId) ?? []), order]);
      for (const step of steps) {
        if (step.kind === "ask") {
          const before = await agent.approvals.forCall("cancel", step.callId);
          await bridged.needsApproval!({ order: step.order }, step.callId);
          // Asking once more never makes a second record of the same call.
          if (before !== undefined) expect(await agent.approvals.forCall("cancel", step.callId)).toEqual(before);
          else allow(step.callId, step.order);
        } else if (step.kind === "run") {
          const before = await agent.approvals.forCall("cancel", step.callId);
          const result = await callBridged(agent, bridged, { order: step.order }, step);
          expect(typeof result.ok).toBe("boolean");
          // A framework run succeeds only through a pending framework record, which it uses up.
          if (result.ok) expect(before).toMatchObject({ status: "pending", framework: true });
          if (result.ok) expect((await agent.approvals.forCall("cancel", step.callId))?.status).toBe("decided");
          if (before?.status === "pending" && before.framework) granted.set(step.callId, 1);
          if (step.changedArgs === "edit") allow(step.callId, step.order);
        } else {
          // The app approves what waits in agent.approvals (toolwright's own gate held it), maybe with an edit.
          const waiting = agent.approvals.pending().find((entry) => entry.callId === step.callId);
          if (waiting === undefined) continue;
          allow(step.callId, waiting.args.order);
          if (step.edit !== undefined) allow(step.callId, step.edit);
          const options = step.edit === undefined ? {} : { args: { order: step.edit } };
          try {
            await agent.approvals.approve(waiting.id, options);
            granted.set(step.callId, (granted.get(step.callId) ?? 0) + 1);
          } catch (error) {
            // An invalid edit is refused clearly and leaves the call pending; nothing else may throw here.
            expect(error).toBeInstanceOf(ToolValidationError);
            expect(agent.approvals.pending().map((entry) => entry.id)).toContain(waiting.id);
          }
        }
      }
      const runs = new Map<string, number>();
      for (const { callId, order } of ran) {
        runs.set(callId, (runs.get(callId) ?? 0) + 1);
        // Whatever ran passed the schema, and is what was asked or what a human edited it to.
        expect(typeof order === "string" && ORDER.test(order)).toBe(true);
        expect(allowed.get(callId) ?? []).toContain(order);
      }
      for (const [callId, count] of runs) expect(count).toBeLessThanOrEqual(granted.get(callId) ?? 0);
    });
    await fc.assert(property, { seed: SEED, numRuns: RUNS, endOnFailure: true });
    // How many runs reached a handler is reported, never asserted (properties only).
    console.log(`approval fuzz: ${RUNS} conversations, ${reachedHandler} handler runs, seed ${SEED}`);
  }, 600_000);
});
