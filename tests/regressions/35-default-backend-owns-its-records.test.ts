import { ApprovalNotFoundError, BaseAgent, MemoryStore, ToolRegistry, p, tool } from "toolwright";
import { useFakeClock } from "../dispatch/runtime-helpers.js";

// Issue 35: the default backend (a MemoryStore of the agent's own) was 3.4-3.6x slower per approval than the old
// in-process keeper: every field went through JSON on each write and read, and each request waited on its record with
// timers. The store now keeps records as values it owns (copied in and out, never parsed), and an agent's own store
// needs no waiter (nobody else decides). These tests hold the guarantees that had to survive the change.
describe("MemoryStore keeps records as values it owns (issue 35)", () => {
  const record = () => ({ id: "a1", scope: "ops", status: "pending", args: { list: [1], nested: { n: 1 } } });

  it("is not changed by the writer's object, nor by a record it handed out", async () => {
    const store = new MemoryStore();
    const written = record();
    await store.create("approval", written, { ttlMs: 60_000 });
    written.args.nested.n = 2;
    const read = await store.get("approval", "ops", "a1");
    (read!.args as { list: number[] }).list.push(2);
    expect(await store.get("approval", "ops", "a1")).toEqual(record());
  });

  it("keeps a field named __proto__ as a field, never as the record's prototype", async () => {
    const store = new MemoryStore();
    const args = JSON.parse('{"__proto__": {"admin": true}}') as Record<string, unknown>;
    await store.create("approval", { ...record(), args }, { ttlMs: 60_000 });
    const read = await store.get("approval", "ops", "a1");
    expect(Object.keys(read!.args as object)).toEqual(["__proto__"]);
    expect((read!.args as { admin?: boolean }).admin).toBeUndefined();
  });

  it("compares a guard's fields by value, in any key order", async () => {
    const store = new MemoryStore();
    await store.create("approval", record(), { ttlMs: 60_000 });
    const guard = (args: unknown) => ({ from: ["pending"], equals: { args } });
    const approve = { status: "approved" };
    const write = (args: unknown) => store.transition("approval", "ops", "a1", guard(args), approve, { ttlMs: 60_000 });
    expect(await write({ list: [1], nested: { n: 2 } })).toBeUndefined();
    expect(await write({ list: [1, 1], nested: { n: 1 } })).toBeUndefined();
    expect(await write({ nested: { n: 1 }, list: [1] })).toMatchObject({ status: "approved" });
  });

  it("keeps only the fields a write names with `keep`", async () => {
    const store = new MemoryStore();
    await store.create("approval", { ...record(), toolName: "wipe" }, { ttlMs: 60_000 });
    const options = { ttlMs: 60_000, keep: ["toolName"] };
    await store.transition("approval", "ops", "a1", { from: ["pending"] }, { status: "approved" }, options);
    expect(await store.get("approval", "ops", "a1")).toEqual({
      id: "a1",
      scope: "ops",
      status: "approved",
      toolName: "wipe",
    });
  });
});

describe("an agent's own store (no `store` option) after issue 35", () => {
  afterEach(() => jest.useRealTimers());

  class Ops extends BaseAgent {
    @tool({ description: "Wipes a disk", params: { disk: p.string() }, requiresApproval: true })
    wipe({ disk }: { disk: string }) {
      return `wiped ${disk}`;
    }
  }

  it("refuses a replay by id and by the call's key once decided, approved or rejected", async () => {
    const agent = new Ops({ registry: new ToolRegistry() });
    const first = await agent.callTool("wipe", { disk: "d1" }, { callId: "c1" });
    const second = await agent.callTool("wipe", { disk: "d2" }, { callId: "c2" });
    await agent.approvals.approve(first.approvalId!);
    await agent.approvals.reject(second.approvalId!);
    await expect(agent.approvals.approve(first.approvalId!)).rejects.toThrow(/already approved/);
    await expect(agent.approvals.approve(second.approvalId!)).rejects.toThrow(/already rejected/);
    expect(await agent.approvals.forCall("wipe", "c1")).toEqual({ status: "decided" });
    expect(await agent.approvals.forCall("wipe", "c2")).toEqual({ status: "decided" });
    expect(agent.approvals.pending()).toEqual([]);
  });

  it("forgets a request once it expired unanswered, and refuses to run it", async () => {
    useFakeClock();
    const agent = new Ops({ registry: new ToolRegistry(), approvalTtlMs: 60_000 });
    const pending = await agent.callTool("wipe", { disk: "d1" });
    expect(agent.approvals.pending()).toHaveLength(1);
    jest.setSystemTime(Date.now() + 60_001);
    expect(agent.approvals.pending()).toEqual([]);
    await expect(agent.approvals.approve(pending.approvalId!)).rejects.toThrow(ApprovalNotFoundError);
  });
});
