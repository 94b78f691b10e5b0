import { BaseAgent, type RuntimeStore, ToolRegistry, type ToolCallContext, p, tool } from "toolwright";
import { type BackendStore, backends, eventually } from "./backends.js";

// Issue 35: the approval behaviour users rely on, run against every backend of the state port (the default memory
// store and a real redis-server; a backend added to ./backends.ts gets this suite for free). Two replicas share each
// store: one requests, the other decides, as two processes of one deployment would. Clocks are the store's (frozen
// for memory), and every wait is on an event or a condition, never on a sleep.
const ran: { name: string; key: string }[] = [];

class Ops extends BaseAgent {
  static override agentName = "ops";
  @tool({ description: "Remove one record", params: { name: p.string({ maxLength: 8 }) }, requiresApproval: true })
  remove({ name }: { name: string }, context: ToolCallContext) {
    ran.push({ name, key: context.idempotencyKey });
    return `removed ${name}`;
  }
}

function replicas(made: BackendStore, scope = "t", extra: { approvalTtlMs?: number } = {}) {
  const options = { store: made.store, sweepIntervalMs: false as const, ...extra };
  const replica = (registryScope: string) =>
    new Ops({ ...options, registry: new ToolRegistry({ scope: registryScope }) });
  return { requester: replica("t"), approver: replica(scope) };
}

async function requested(agent: Ops, name = "B-7", callId?: string): Promise<string> {
  const result = await agent.callTool("remove", { name }, callId === undefined ? {} : { callId });
  expect(result).toMatchObject({ ok: false, outcome: "awaiting_approval" });
  return result.approvalId!;
}

describe.each(backends())("approvals on %s (issue 35)", (_name, backend) => {
  beforeEach(() => void (ran.length = 0));

  it("approve: another replica lists the call and runs it once, with the requested arguments", async () => {
    const { requester, approver } = replicas(backend.make());
    const id = await requested(requester);
    expect((await approver.approvals.list()).map((a) => [a.id, a.toolName, a.args])).toEqual([
      [id, "remove", { name: "B-7" }],
    ]);
    expect(await approver.approvals.approve(id)).toMatchObject({ ok: true, content: "removed B-7" });
    expect(ran.map((r) => r.name)).toEqual(["B-7"]);
    expect(await approver.approvals.list()).toEqual([]);
  });

  it("deny: a rejected call runs nothing and tells the model why", async () => {
    const { requester, approver } = replicas(backend.make());
    const id = await requested(requester);
    const result = await approver.approvals.reject(id, "not on a Friday");
    expect(result).toMatchObject({ ok: false, outcome: "rejected" });
    expect(result.error?.message).toContain("not on a Friday");
    expect(ran).toEqual([]);
    await expect(requester.approvals.approve(id)).rejects.toMatchObject({ code: "APPROVAL_NOT_FOUND" });
  });

  it("approve with edited args: runs the edit; an invalid edit throws and leaves the call pending", async () => {
    const { requester, approver } = replicas(backend.make());
    const id = await requested(requester);
    await expect(approver.approvals.approve(id, { args: { name: "far too long" } })).rejects.toMatchObject({
      code: "INVALID_ARGUMENTS",
    });
    expect((await approver.approvals.list()).map((a) => a.id)).toEqual([id]);
    const result = await approver.approvals.approve(id, { args: { name: "B-8" } });
    expect(result).toMatchObject({
      ok: true,
      content: "removed B-8",
      approval: { originalArgs: { name: "B-7" }, editedArgs: { name: "B-8" } },
    });
    expect(ran.map((r) => r.name)).toEqual(["B-8"]);
  });

  it("replay refused: a second decision, here or on another replica, at once or later, runs nothing", async () => {
    const { requester, approver } = replicas(backend.make());
    const id = await requested(requester, "B-7", "call-9");
    const racing = await Promise.allSettled([requester.approvals.approve(id), approver.approvals.approve(id)]);
    expect(racing.filter((answer) => answer.status === "fulfilled")).toHaveLength(1);
    expect(racing.find((answer) => answer.status === "rejected")).toMatchObject({
      reason: { code: "APPROVAL_NOT_FOUND" },
    });
    await expect(approver.approvals.approve(id)).rejects.toMatchObject({
      code: "APPROVAL_NOT_FOUND",
      message: expect.stringContaining("single use"),
    });
    await expect(requester.approvals.reject(id)).rejects.toMatchObject({ code: "APPROVAL_NOT_FOUND" });
    expect(ran).toHaveLength(1);
    // An adapter replaying the model's call learns it was decided, on either replica.
    expect(await approver.approvals.forCall("remove", "call-9")).toEqual({ status: "decided" });
    expect(await requester.approvals.forCall("remove", "call-9")).toEqual({ status: "decided" });
  });

  it("idempotency key: the same call has the same key on whichever replica approves it", async () => {
    const first = replicas(backend.make());
    await first.approver.approvals.approve(await requested(first.requester, "B-7", "call-1"));
    const second = replicas(backend.make());
    await second.requester.approvals.approve(await requested(second.requester, "B-7", "call-1"));
    await second.approver.approvals.approve(await requested(second.requester, "B-7", "call-2"));
    const [elsewhere, here, otherCall] = ran.map((r) => r.key);
    expect(elsewhere).toMatch(/^tw1-[0-9a-f]{64}$/);
    expect(here).toBe(elsewhere);
    expect(otherCall).not.toBe(elsewhere);
  });

  it("expiry: a request left undecided past approvalTtlMs can never run", async () => {
    const made = backend.make();
    const { requester, approver } = replicas(made, "t", { approvalTtlMs: 1_000 });
    const id = await requested(requester);
    made.pass(1_001);
    await eventually("the request expired", async () => (await made.store.get("approval", "t//ops", id)) === undefined);
    expect(await approver.approvals.list()).toEqual([]);
    await expect(approver.approvals.approve(id)).rejects.toMatchObject({ code: "APPROVAL_NOT_FOUND" });
    expect(ran).toEqual([]);
  });

  it("cross-scope refusal: an agent of another scope on the same store neither sees nor decides the call", async () => {
    const made = backend.make();
    const { requester, approver: stranger } = replicas(made, "another-tenant");
    const id = await requested(requester);
    expect(await stranger.approvals.list()).toEqual([]);
    await expect(stranger.approvals.approve(id)).rejects.toMatchObject({ code: "APPROVAL_NOT_FOUND" });
    await expect(stranger.approvals.reject(id)).rejects.toMatchObject({ code: "APPROVAL_NOT_FOUND" });
    expect(ran).toEqual([]);
    expect((await requester.approvals.list()).map((a) => a.id)).toEqual([id]);
    expect(await storedStatus(made.store, id)).toBe("pending");
  });
});

async function storedStatus(store: RuntimeStore, id: string): Promise<string | undefined> {
  return (await store.get("approval", "t//ops", id))?.status;
}
