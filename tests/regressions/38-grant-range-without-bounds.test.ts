import { BaseAgent, type Grant, MemoryStore, ToolDefinitionError, ToolRegistry, p, tool } from "toolwright";
import { grantCovers } from "../../src/policy/grant-match.js";

// Issue 38: a range condition whose bounds were both `undefined` (`{ max: limits.max }` with `limits.max` unset) was
// accepted by `approve` and kept as `{}`, which met every finite number: a grant the approver meant to bound covered
// any amount. docs/policy.md: a range has at least one bound, and a condition that cannot work is refused at approve.

const paid: number[] = [];
class Till extends BaseAgent {
  static override agentName = "range_till";
  @tool({ description: "Pay", params: { amount: p.number(), to: p.string() }, requiresApproval: true })
  pay({ amount }: { amount: number; to: string }) {
    paid.push(amount);
    return "paid";
  }
}

describe("issue 38: a range condition without a bound", () => {
  it("is refused at approve, the call stays pending and no grant is written", async () => {
    const agent = new Till({ store: new MemoryStore(), registry: new ToolRegistry() });
    const asked = await agent.callTool("pay", { amount: 10, to: "acct-1" }, { session: "s" });
    const limits: { min?: number; max?: number } = {};
    for (const amount of [{ max: limits.max }, { min: limits.min }, { min: limits.min, max: limits.max }]) {
      const approving = agent.approvals.approve(asked.approvalId!, { remember: "session", when: { amount } as never });
      await expect(approving).rejects.toThrow(ToolDefinitionError);
      await expect(approving).rejects.toThrow(/at least one of `min` and `max`/);
    }
    expect(agent.approvals.pending().map((x) => x.id)).toEqual([asked.approvalId]);
    expect(await agent.approvals.grants({ session: "s" })).toEqual([]);

    const later = await agent.callTool("pay", { amount: 1_000_000, to: "acct-1" }, { session: "s" });
    expect(later.outcome).toBe("awaiting_approval");
    expect(paid).toEqual([]);
  });

  it("never covers a call when a stored grant holds one (as an earlier version wrote it)", () => {
    const stored: Grant = {
      id: "session|pay|x|s",
      toolName: "pay",
      level: "session",
      session: "s",
      when: { amount: {} as never },
      schemaVersion: "v1",
      afterUntrustedOutput: false,
      approvalId: "a",
      createdAt: 0,
      ttlMs: 60_000,
    };
    expect(grantCovers(stored, "pay", "v1", { amount: 1_000_000, to: "acct-1" }, false)).toBe(false);
  });
});
