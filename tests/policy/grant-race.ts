import { BaseAgent, type RuntimeOptions, type ToolResult, p, tool } from "toolwright";

/** What one race run saw, in the order it happened: handler starts and the moment `revoke` resolved. */
export interface RaceLog {
  readonly log: readonly ("ran" | "revoked")[];
  readonly results: readonly ToolResult[];
}

/**
 * Makes `calls` racing calls of a tool under a session grant and revokes the grant once `revokeAfter` calls were
 * issued. An async `before` listener that waits a random number of turns puts a gap between each call's approval gate
 * and its handler, where a revocation can land. Resolves with the log once every call settled.
 */
export async function raceRevoke(
  options: { readonly agentName: string; readonly calls: number; readonly revokeAfter: number } & RuntimeOptions,
): Promise<RaceLog> {
  const { agentName, calls, revokeAfter, ...runtime } = options;
  const log: ("ran" | "revoked")[] = [];
  class Racer extends BaseAgent {
    static override agentName = agentName;
    @tool({ description: "Move money", params: { amount: p.number() }, requiresApproval: true })
    move({ amount }: { amount: number }) {
      log.push("ran");
      return `moved ${amount}`;
    }
  }
  const agent = new Racer(runtime);
  agent.on("before", async () => {
    for (let turns = Math.floor(Math.random() * 4); turns > 0; turns -= 1) await new Promise(setImmediate);
  });
  const asked = await agent.callTool("move", { amount: 1 }, { session: "race" });
  await agent.approvals.approve(asked.approvalId!, { remember: "session" });
  log.length = 0;
  const [grant] = await agent.approvals.grants({ session: "race" });
  const pending: Promise<ToolResult>[] = [];
  let revoked: Promise<unknown> | undefined;
  for (let i = 0; i < calls; i += 1) {
    if (i === revokeAfter) revoked = agent.approvals.revoke(grant!.id).then(() => log.push("revoked"));
    pending.push(agent.callTool("move", { amount: i }, { session: "race" }));
    // Let some calls get going before the next is issued, so the race spans the revocation.
    if (i % 50 === 0) await new Promise(setImmediate);
  }
  const results = await Promise.all(pending);
  await revoked;
  return { log, results };
}
