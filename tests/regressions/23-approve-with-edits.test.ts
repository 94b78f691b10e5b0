import {
  ApprovalNotFoundError,
  BaseAgent,
  MemoryStore,
  type ToolEvent,
  ToolRegistry,
  ToolValidationError,
  p,
  renderToolResult,
  tool,
} from "toolwright";

// Issue 23: a human could only approve or reject what the model asked for. `approve(id, { args })` now runs edited
// arguments, validated against the schema, bound to a new hash, single use, recorded on the result and the events,
// and told to the model.

function makeOps(options: { store?: MemoryStore; scope?: string } = {}) {
  const ran: string[] = [];
  class Ops extends BaseAgent {
    static override agentName = "ops";
    @tool({
      description: "Cancel orders",
      params: { order: p.string({ pattern: "^[A-Z]-[0-9]+$" }), notify: p.boolean().default(true) },
      requiresApproval: true,
    })
    cancel({ order, notify }: { order: string; notify: boolean }) {
      ran.push(`${order}:${notify}`);
      return `cancelled ${order}`;
    }
  }
  const registry = new ToolRegistry(options.scope ? { scope: options.scope } : {});
  const agent = new Ops({ registry, ...(options.store && { store: options.store }) });
  return { agent, ran };
}

describe("approve with edits (issue 23)", () => {
  it("runs the edited arguments, normalised, and records both on the result and the events", async () => {
    const { agent, ran } = makeOps();
    const events: ToolEvent[] = [];
    agent.on("before", (e) => void events.push(e));
    agent.on("after", (e) => void events.push(e));
    const { approvalId } = await agent.callTool("cancel", { order: "B-7" }, { callId: "c1" });
    events.length = 0;

    const result = await agent.approvals.approve(approvalId!, { args: { order: "B-8", notify: false } });

    expect(ran).toEqual(["B-8:false"]);
    expect(result).toMatchObject({ ok: true, content: "cancelled B-8", callId: "c1" });
    expect(result.approval).toEqual({
      originalArgs: { order: "B-7", notify: true },
      editedArgs: { order: "B-8", notify: false },
      argsHash: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    expect(events.map((e) => [e.event, e.args, e.approval?.editedArgs])).toEqual([
      ["before", { order: "B-8", notify: false }, { order: "B-8", notify: false }],
      ["after", { order: "B-8", notify: false }, { order: "B-8", notify: false }],
    ]);
    // The model reads what the human changed before the result.
    const text = renderToolResult(result);
    expect(text).toMatch(/user edited the arguments/);
    expect(text).toContain('order: "B-7" → "B-8"');
    expect(text).toContain("notify: true → false");
    expect(text).toMatch(/cancelled B-8$/);
  });

  it("fills the schema's defaults into an edit and binds a new hash", async () => {
    const { agent, ran } = makeOps();
    const pending = (await agent.callTool("cancel", { order: "B-7", notify: false })).approvalId!;
    const [before] = agent.approvals.pending();
    const result = await agent.approvals.approve(pending, { args: { order: "C-1" } });
    expect(ran).toEqual(["C-1:true"]);
    expect(result.approval?.editedArgs).toEqual({ order: "C-1", notify: true });
    expect(result.approval?.argsHash).not.toBe(before!.argsHash);
  });

  it("refuses an invalid edit clearly, runs nothing and leaves the call pending", async () => {
    const { agent, ran } = makeOps();
    const { approvalId } = await agent.callTool("cancel", { order: "B-7" });

    const refused = agent.approvals.approve(approvalId!, { args: { order: "EVERYTHING", extra: 1 } });
    await expect(refused).rejects.toBeInstanceOf(ToolValidationError);
    await expect(agent.approvals.approve(approvalId!, { args: { order: 7 } })).rejects.toThrow(/\/order/);
    expect(ran).toEqual([]);
    expect(agent.approvals.pending().map((x) => x.id)).toEqual([approvalId]);

    expect(await agent.approvals.approve(approvalId!, { args: { order: "B-9" } })).toMatchObject({ ok: true });
    expect(ran).toEqual(["B-9:true"]);
  });

  it("stays single use: an edited approval cannot be approved again, edited or not", async () => {
    const { agent, ran } = makeOps();
    const { approvalId } = await agent.callTool("cancel", { order: "B-7" });
    const [first, second] = await Promise.allSettled([
      agent.approvals.approve(approvalId!, { args: { order: "B-8" } }),
      agent.approvals.approve(approvalId!, { args: { order: "B-9" } }),
    ]);
    expect(first.status).toBe("fulfilled");
    expect(second).toMatchObject({ status: "rejected", reason: expect.any(ApprovalNotFoundError) });
    await expect(agent.approvals.approve(approvalId!)).rejects.toThrow(/already approved/);
    expect(ran).toEqual(["B-8:true"]);
  });

  it("treats arguments equal to the requested ones as no edit", async () => {
    const { agent } = makeOps();
    const { approvalId } = await agent.callTool("cancel", { order: "B-7" });
    const result = await agent.approvals.approve(approvalId!, { args: { order: "B-7" } });
    expect(result.ok).toBe(true);
    expect(result.approval).toBeUndefined();
    expect(renderToolResult(result)).toBe("cancelled B-7");
  });

  it("runs an edit made by a replica through a shared store, and the requester hears it", async () => {
    const store = new MemoryStore();
    const requester = makeOps({ store, scope: "tenant" });
    const approver = makeOps({ store, scope: "tenant" });
    const { approvalId } = await requester.agent.callTool("cancel", { order: "B-7" });

    await expect(approver.agent.approvals.approve(approvalId!, { args: { order: "nope" } })).rejects.toBeInstanceOf(
      ToolValidationError,
    );
    expect((await approver.agent.approvals.list()).map((x) => x.id)).toEqual([approvalId]);

    const result = await approver.agent.approvals.approve(approvalId!, { args: { order: "B-8" } });
    expect(approver.ran).toEqual(["B-8:true"]);
    expect(requester.ran).toEqual([]);
    expect(result.approval).toMatchObject({ originalArgs: { order: "B-7" }, editedArgs: { order: "B-8" } });
    await expect(approver.agent.approvals.approve(approvalId!)).rejects.toThrow(/already approved/);
    // The requester's own approval of a decided call runs nothing either.
    await expect(requester.agent.approvals.approve(approvalId!)).rejects.toBeInstanceOf(ApprovalNotFoundError);
    expect(requester.ran).toEqual([]);
  });

  it("edits a call requested in this process on a shared store", async () => {
    const store = new MemoryStore();
    const { agent, ran } = makeOps({ store, scope: "tenant" });
    const { approvalId } = await agent.callTool("cancel", { order: "B-7" });
    const result = await agent.approvals.approve(approvalId!, { args: { order: "B-8", notify: false } });
    expect(ran).toEqual(["B-8:false"]);
    expect(result.approval?.originalArgs).toEqual({ order: "B-7", notify: true });
  });
});
