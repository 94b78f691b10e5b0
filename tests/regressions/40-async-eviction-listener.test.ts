import { BaseAgent, MemoryStore, type RuntimeOptions, ToolRegistry } from "toolwright";

// An async `onApprovalEvicted` that rejects (its notification service is down) was an unhandled rejection: the 101st
// pending approval, which a model can cause, ended the process. It is guarded like every other listener now.
describe("an async onApprovalEvicted that rejects", () => {
  const unhandled: unknown[] = [];
  const record = (reason: unknown) => void unhandled.push(reason);
  beforeEach(() => {
    unhandled.length = 0;
    process.on("unhandledRejection", record);
  });
  afterEach(() => void process.off("unhandledRejection", record));

  // Node reports an unhandled rejection once the microtasks are drained; a timer later it has been reported.
  const settled = () => new Promise((resolve) => setTimeout(resolve, 20));

  it.each<[string, () => Partial<RuntimeOptions>]>([
    ["in memory", () => ({})],
    ["with a store", () => ({ store: new MemoryStore() })],
  ])("is no unhandled rejection, and the new approval is admitted (%s)", async (_where, extra) => {
    const registry = new ToolRegistry();
    registry.register("rm", () => "removed", { description: "Remove", requiresApproval: true });
    let told = 0;
    class Ops extends BaseAgent {}
    const agent = new Ops({
      registry,
      ...extra(),
      maxPendingApprovals: 1,
      onApprovalEvicted: async () => {
        told += 1;
        throw new Error("notification service down");
      },
    });
    await agent.callTool("rm", {});
    const second = await agent.callTool("rm", {});
    await settled();

    expect(told).toBe(1);
    expect(unhandled).toEqual([]);
    expect(second.outcome).toBe("awaiting_approval");
    expect((await agent.approvals.list()).map((a) => a.id)).toEqual([second.approvalId]);
  });
});
