import {
  BaseAgent,
  MemoryStore,
  type ToolCallContext,
  ToolRegistry,
  idempotencyKeyOf,
  p,
  tool,
  toolRegistry,
} from "toolwright";

// A handler passes context.idempotencyKey to what must happen once; these are the promises that makes.
function agentClass() {
  return class Payments extends BaseAgent {
    static override agentName = "payments";
    readonly keys: string[] = [];
    readonly viaHelper: (string | undefined)[] = [];
    attempts = 0;

    @tool({ description: "Charge", params: { cents: p.integer(), memo: p.optional(p.string()) } })
    charge(_args: object, context: ToolCallContext) {
      this.keys.push(context.idempotencyKey);
      this.viaHelper.push(idempotencyKeyOf(context));
      return "charged";
    }

    @tool({ description: "Flaky", params: { cents: p.integer() }, maxRetries: 2 })
    async flaky(_args: object, context: ToolCallContext) {
      await Promise.resolve();
      this.keys.push(context.idempotencyKey);
      this.attempts += 1;
      if (this.attempts < 3) throw new Error("gateway hiccup");
      return "charged";
    }

    @tool({ description: "Refund", params: { cents: p.integer() }, requiresApproval: true })
    refund(_args: object, context: ToolCallContext) {
      this.keys.push(context.idempotencyKey);
      return "refunded";
    }
  };
}

describe("context.idempotencyKey", () => {
  it("is a tw1- hash, equal to idempotencyKeyOf, and the same for the same call id, tool and arguments", async () => {
    const Payments = agentClass();
    const agent = new Payments({ registry: new ToolRegistry() });
    await agent.callTool("charge", { cents: 5, memo: "x" }, { callId: "c1" });
    // Key order in the arguments does not matter: the hash is of their sorted form.
    await agent.callTool("charge", { memo: "x", cents: 5 }, { callId: "c1" });
    expect(agent.keys[0]).toMatch(/^tw1-[0-9a-f]{64}$/);
    expect(agent.keys[1]).toBe(agent.keys[0]);
    expect(agent.viaHelper).toEqual(agent.keys);
  });

  it("differs when the call id, the arguments or the agent's scope differ", async () => {
    const Payments = agentClass();
    const agent = new Payments({ registry: new ToolRegistry() });
    await agent.callTool("charge", { cents: 5 }, { callId: "c1" });
    await agent.callTool("charge", { cents: 5 }, { callId: "c2" });
    await agent.callTool("charge", { cents: 6 }, { callId: "c1" });
    const tenant = new Payments({ registry: new ToolRegistry({ scope: "tenant-b" }) });
    await tenant.callTool("charge", { cents: 5 }, { callId: "c1" });
    const user = new Payments({ registry: new ToolRegistry(), scope: "user-7" });
    await user.callTool("charge", { cents: 5 }, { callId: "c1" });
    const all = [...agent.keys, ...tenant.keys, ...user.keys];
    expect(new Set(all).size).toBe(5);
  });

  it("is the same on two replicas of one agent (same registry scope and name)", async () => {
    const Payments = agentClass();
    const one = new Payments({ registry: new ToolRegistry({ scope: "shop" }) });
    const two = new Payments({ registry: new ToolRegistry({ scope: "shop" }) });
    await one.callTool("charge", { cents: 5 }, { callId: "c1" });
    await two.callTool("charge", { cents: 5 }, { callId: "c1" });
    expect(two.keys[0]).toBe(one.keys[0]);
  });

  it("is the same in every retry of one call", async () => {
    const Payments = agentClass();
    const agent = new Payments({ registry: new ToolRegistry(), retryBackoffMs: 0 });
    const result = await agent.callTool("flaky", { cents: 1 }, { callId: "f1" });
    expect(result.ok).toBe(true);
    expect(agent.keys).toHaveLength(3);
    expect(new Set(agent.keys).size).toBe(1);
  });

  it("is the same when another replica approves and runs the call", async () => {
    const Payments = agentClass();
    const store = new MemoryStore();
    const asked = new Payments({ registry: toolRegistry, store });
    const approver = new Payments({ registry: toolRegistry, store });
    const pending = await asked.callTool("refund", { cents: 9 }, { callId: "r1" });
    expect(pending.outcome).toBe("awaiting_approval");
    expect(await approver.approvals.approve(pending.approvalId!)).toMatchObject({ ok: true, content: "refunded" });
    expect(approver.keys).toHaveLength(1);
    expect(asked.keys).toEqual([]);
    // The requesting replica approving the same call itself would have handed its handler the same key.
    const again = await asked.callTool("refund", { cents: 9 }, { callId: "r1" });
    expect(await asked.approvals.approve(again.approvalId!)).toMatchObject({ ok: true });
    expect(asked.keys).toEqual(approver.keys);
  });

  it("is a getter read on demand, not a property a spread or JSON copies", async () => {
    let seen: ToolCallContext | undefined;
    class Probe extends BaseAgent {
      static override agentName = "probe";
      @tool({ description: "Probe", params: {} })
      probe(_args: object, context: ToolCallContext) {
        seen = context;
        return "ok";
      }
    }
    await new Probe({ registry: new ToolRegistry() }).callTool("probe", {});
    expect(Object.keys(seen!)).not.toContain("idempotencyKey");
    expect(seen!.idempotencyKey).toBe(seen!.idempotencyKey);
  });
});
