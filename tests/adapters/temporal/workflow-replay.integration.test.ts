import { DeterminismViolationError } from "@temporalio/workflow";
import { DefaultLogger, Runtime, Worker } from "@temporalio/worker";
import type { WorkflowBundleWithSourceMap } from "@temporalio/worker";
import { bundleFixtureWorkflow } from "./bundle-workflow.js";
import { type HistoryStep, buildHistory } from "./history.js";

// Replays a run of tests/fixtures/temporal/agent-workflow.ts against a history built here (Temporal's test server
// downloads a binary at run time and cannot start offline, so no server recorded one): the replay worker runs the
// workflow code in Temporal's sandbox and checks every command it makes against the history.
jest.setTimeout(120_000);

let bundle: WorkflowBundleWithSourceMap;
beforeAll(async () => {
  // The replay worker logs every state change at INFO; a determinism failure still shows as a WARN.
  Runtime.install({ logger: new DefaultLogger("WARN") });
  bundle = await bundleFixtureWorkflow("agent-workflow.ts");
});

const specs = [
  { name: "charge", description: "Charge", inputSchema: { type: "object" }, timeoutMs: 2_000, approval: "never" },
  { name: "close", description: "Close", inputSchema: { type: "object" }, approval: "always" },
  { name: "refund", description: "Refund", inputSchema: { type: "object" }, approval: "predicate" },
];
const ok = (toolName: string, callId: string, content: unknown) => ({
  ok: true,
  outcome: "success",
  toolName,
  callId,
  content,
});

function turn(calls: unknown[], after: HistoryStep[]): HistoryStep[] {
  return [{ activity: "toolwright:billing:specs", result: specs }, { activity: "plan", result: calls }, ...after];
}

const replay = (steps: HistoryStep[]) =>
  Worker.runReplayHistory({ workflowBundle: bundle }, buildHistory("agentTurn", steps), "turn-1");

describe("workflowTools on replay", () => {
  it("replays a turn whose calls ran as their tools' activities, one after a signalled approval", async () => {
    const calls = [
      { id: "call_1", name: "charge", arguments: { cents: 250 } },
      { id: "call_2", name: "close", arguments: {} },
    ];
    const results = [ok("charge", "call_1", { charged: 250 }), ok("close", "call_2", "closed")];
    await expect(
      replay(
        turn(calls, [
          { activity: "billing.charge", result: results[0] },
          { signal: "toolwright.approve", payload: { callId: "call_2", approved: true } },
          { activity: "billing.close", result: results[1] },
          { completed: results },
        ]),
      ),
    ).resolves.toBeUndefined();
  });

  it("asks the predicate's activity first, and sends a tool the agent lacks to the generic call activity", async () => {
    const calls = [
      { id: "call_1", name: "refund", arguments: { cents: 5 } },
      { id: "call_2", name: "transfer", arguments: {} },
    ];
    const results = [ok("refund", "call_1", { refunded: 5 }), { ok: false, outcome: "not_found" }];
    await expect(
      replay(
        turn(calls, [
          { activity: "toolwright:billing:needsApproval", result: false },
          { activity: "billing.refund", result: results[0] },
          { activity: "toolwright:billing:call", result: results[1] },
          { completed: results },
        ]),
      ),
    ).resolves.toBeUndefined();
  });

  it("fails the replay when the history ran a call the code would not schedule (the check is real)", async () => {
    const calls = [{ id: "call_2", name: "close", arguments: {} }];
    // No approval signal: the code waits, where the history says the tool's activity ran.
    const steps = turn(calls, [
      { activity: "billing.close", result: ok("close", "call_2", "closed") },
      { completed: [] },
    ]);
    await expect(replay(steps)).rejects.toThrow(DeterminismViolationError);
  });
});
