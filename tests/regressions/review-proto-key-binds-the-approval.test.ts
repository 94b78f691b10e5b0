import { BaseAgent, ToolRegistry } from "toolwright";

describe("approval arguments with a __proto__ key", () => {
  it("bind the approval: approving as shown other arguments is refused", async () => {
    const registry = new ToolRegistry();
    registry.register("rm", (args) => JSON.stringify(args), {
      description: "Remove",
      inputSchema: { type: "object", properties: { path: { type: "string" } }, required: ["path"] },
      requiresApproval: true,
    });
    class Ops extends BaseAgent {}
    const agent = new Ops({ registry });
    const pending = await agent.callTool("rm", '{"path":"/data","__proto__":{"recursive":true}}');
    const result = await agent.approvals.approve(pending.approvalId!, { expectedArgs: { path: "/data" } });
    expect(result).toMatchObject({ ok: false, outcome: "rejected", error: { code: "APPROVAL_MISMATCH" } });
  });
});
