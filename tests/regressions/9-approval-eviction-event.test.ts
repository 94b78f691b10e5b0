import { BaseAgent, ToolRegistry } from "toolwright";
import type { PendingApproval } from "toolwright";

describe("a full approval store", () => {
  it("tells onApprovalEvicted which pending approval it dropped", async () => {
    const registry = new ToolRegistry();
    registry.register("rm", () => "removed", { description: "Remove", requiresApproval: true });
    const evicted: PendingApproval[] = [];
    class Ops extends BaseAgent {}
    const agent = new Ops({ registry, maxPendingApprovals: 2, onApprovalEvicted: (a) => void evicted.push(a) });
    const first = await agent.callTool("rm", {});
    await agent.callTool("rm", {});
    expect(evicted).toEqual([]);
    await agent.callTool("rm", {});
    expect(evicted.map((a) => a.id)).toEqual([first.approvalId]);
    expect(evicted[0]).toMatchObject({ toolName: "rm", callId: first.callId });
  });

  it("still admits the new approval when the listener throws", async () => {
    const registry = new ToolRegistry();
    registry.register("rm", () => "removed", { description: "Remove", requiresApproval: true });
    class Ops extends BaseAgent {}
    const agent = new Ops({
      registry,
      maxPendingApprovals: 1,
      onApprovalEvicted: () => {
        throw new Error("listener bug");
      },
    });
    await agent.callTool("rm", {});
    const second = await agent.callTool("rm", {});
    expect(second.outcome).toBe("awaiting_approval");
    expect(agent.approvals.pending().map((a) => a.id)).toEqual([second.approvalId]);
  });

  it("refuses an onApprovalEvicted that is not a function", () => {
    class Ops extends BaseAgent {}
    expect(() => new Ops({ registry: new ToolRegistry(), onApprovalEvicted: 5 as never })).toThrow(
      /onApprovalEvicted` must be a function/,
    );
  });
});
