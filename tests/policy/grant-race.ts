import { BaseAgent, type RuntimeOptions, type ToolResult, p, tool } from "toolwright";

/** What one call of a race did: whether its handler ran, and whether `revoke` had resolved when it started. */
export interface RacedCall {
  readonly ran: boolean;
  readonly startedAfterRevoke: boolean;
  readonly result: ToolResult;
}

/**
 * Makes `calls` racing calls of a tool under a session grant and revokes the grant once `revokeAfter` calls were
 * issued. An async `before` listener that waits a random number of turns puts a gap between each call's approval gate
 * and its handler, where a revocation can land. Each handler records, when it starts, whether the revocation had been
 * written (the `revoke` promise resolved: the store acknowledged the deletion). No timing decides the outcome: the
 * record is taken in the handler itself. Resolves with one record per call, in the order they were issued.
 */
export async function raceRevoke(
  options: { readonly agentName: string; readonly calls: number; readonly revokeAfter: number } & RuntimeOptions,
): Promise<RacedCall[]> {
  const { agentName, calls, revokeAfter, ...runtime } = options;
  let revokeWritten = false;
  const started = new Map<number, boolean>();
  class Racer extends BaseAgent {
    static override agentName = agentName;
    // No repeat guard: 1,000 identical calls of one session would be refused as repeats from the fifth on, and this
    // race is about the grant alone (the guard's own thousand-call race: tests/policy/store-sessions.test.ts and
    // tests/policy/sessions-on-redis.integration.test.ts).
    @tool({ description: "Move money", params: { amount: p.number() }, requiresApproval: true, repeat: false })
    move({ amount }: { amount: number }) {
      started.set(amount, revokeWritten);
      return `moved ${amount}`;
    }
  }
  const agent = new Racer(runtime);
  agent.on("before", async () => {
    for (let turns = Math.floor(Math.random() * 4); turns > 0; turns -= 1) await new Promise(setImmediate);
  });
  const asked = await agent.callTool("move", { amount: -1 }, { session: "race" });
  await agent.approvals.approve(asked.approvalId!, { remember: "session" });
  const [grant] = await agent.approvals.grants({ session: "race" });
  const pending: Promise<ToolResult>[] = [];
  let revoked: Promise<unknown> | undefined;
  for (let i = 0; i < calls; i += 1) {
    if (i === revokeAfter) {
      revoked = agent.approvals.revoke(grant!.id).then((deleted) => {
        revokeWritten = true;
        if (!deleted) throw new Error("the grant was not there to revoke");
      });
    }
    pending.push(agent.callTool("move", { amount: i }, { session: "race" }));
    // Let some calls get going before the next is issued, so the race spans the revocation.
    if (i % 50 === 0) await new Promise(setImmediate);
  }
  const results = await Promise.all(pending);
  await revoked;
  return results.map((result, i) => ({
    ran: started.has(i),
    startedAfterRevoke: started.get(i) === true,
    result,
  }));
}

/** The checks every backend's race must pass (a jest `expect` per call would be 1,000 lines of output on failure). */
export function raceFindings(raced: readonly RacedCall[]): Record<string, number> {
  return {
    ranAfterRevoke: raced.filter((call) => call.ran && call.startedAfterRevoke).length,
    ranWithoutGrant: raced.filter((call) => call.ran && call.result.grant === undefined).length,
    askedButRan: raced.filter((call) => call.ran && call.result.outcome === "awaiting_approval").length,
    neitherRanNorAsked: raced.filter((call) => !call.ran && call.result.outcome !== "awaiting_approval").length,
  };
}

/**
 * Asserts what a race must show on every backend: no call ran after the revocation was written, every call that ran
 * used the grant, every call that did not run asked; and the race spanned the revocation (some ran, some asked).
 */
export function expectRaceHeld(raced: readonly RacedCall[]): void {
  // The first three calls that neither ran nor asked, as the model read them, so a failure says what they met.
  const neither = raced
    .filter((call) => !call.ran && call.result.outcome !== "awaiting_approval")
    .slice(0, 3)
    .map(({ result }) => `${result.outcome} ${result.error?.code}: ${result.error?.message}`);
  expect({ ...raceFindings(raced), neither }).toEqual({
    ranAfterRevoke: 0,
    ranWithoutGrant: 0,
    askedButRan: 0,
    neitherRanNorAsked: 0,
    neither: [],
  });
  expect(raced.filter((call) => call.ran).length).toBeGreaterThan(0);
  expect(raced.filter((call) => !call.ran).length).toBeGreaterThan(0);
}
