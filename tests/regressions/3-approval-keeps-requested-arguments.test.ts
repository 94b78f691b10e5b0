import { BaseAgent, ToolRegistry, p, tool } from "toolwright";

// Arguments that need no normalisation reach the pipeline as the caller's own object; an approval must still run
// with the arguments it was requested (and shown) with, whatever the caller does with its object afterwards.
describe("approval of a call whose caller changes its arguments object afterwards", () => {
  it("runs the call with the arguments the approval was requested for", async () => {
    class Bank extends BaseAgent {
      @tool({ description: "Transfer", params: { to: p.string(), amount: p.number() }, requiresApproval: true })
      transfer({ to, amount }: { to: string; amount: number }) {
        return `${amount} to ${to}`;
      }
    }
    const agent = new Bank({ registry: new ToolRegistry() });
    const args = { to: "alice", amount: 10 };
    const pending = await agent.callTool("transfer", args);
    args.to = "mallory";
    args.amount = 10_000;
    expect(agent.approvals.pending()[0]?.args).toEqual({ to: "alice", amount: 10 });
    expect((await agent.approvals.approve(pending.approvalId!)).content).toBe("10 to alice");
  });
});

describe("the arguments pending() shows", () => {
  it("are frozen, so a UI cannot change what an approval runs", async () => {
    class Bank extends BaseAgent {
      @tool({ description: "Transfer", params: { to: p.string() }, requiresApproval: true })
      transfer({ to }: { to: string }) {
        return to;
      }
    }
    const agent = new Bank({ registry: new ToolRegistry() });
    const pending = await agent.callTool("transfer", { to: "alice" });
    const shown = agent.approvals.pending()[0]!.args as Record<string, unknown>;
    expect(() => {
      shown.to = "mallory";
    }).toThrow(TypeError);
    expect((await agent.approvals.approve(pending.approvalId!)).content).toBe("alice");
  });
});
