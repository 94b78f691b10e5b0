import {
  ApprovalNotFoundError,
  type Approver,
  BaseAgent,
  ErrorCode,
  type ToolEvent,
  ToolRegistry,
  p,
  tool,
} from "toolwright";
import { approvalHash, hashArguments } from "../../src/state/stable-hash.js";
import { deferred } from "./runtime-helpers.js";

function makeAgent(options: { approver?: Approver; maxPendingApprovals?: number } = {}) {
  const deleted: string[] = [];
  class Files extends BaseAgent {
    @tool({ description: "Delete a file", params: { path: p.string() }, requiresApproval: true })
    remove({ path }: { path: string }) {
      deleted.push(path);
      return `deleted ${path}`;
    }

    @tool({
      description: "Move money",
      params: { amount: p.number() },
      requiresApproval: (args) => (args.amount as number) > 100,
    })
    pay({ amount }: { amount: number }) {
      return `paid ${amount}`;
    }
  }
  return { agent: new Files({ registry: new ToolRegistry(), ...options }), deleted };
}

describe("approval", () => {
  it("does not run the handler and returns awaiting_approval with an approvalId when approval is required", async () => {
    const { agent, deleted } = makeAgent();
    const result = await agent.callTool("remove", { path: "/etc/hosts" }, { callId: "c1" });
    expect(result).toMatchObject({ ok: false, outcome: "awaiting_approval", callId: "c1" });
    expect(result.error?.code).toBe(ErrorCode.ApprovalRequired);
    expect(result.approvalId).toEqual(expect.any(String));
    expect(deleted).toEqual([]);
    expect(agent.approvals.pending()).toEqual([
      expect.objectContaining({
        id: result.approvalId,
        toolName: "remove",
        callId: "c1",
        args: { path: "/etc/hosts" },
        // Bound to the tool, the arguments and the schema's version (issue 23), not the arguments alone.
        argsHash: approvalHash("remove", { path: "/etc/hosts" }, agent.approvals.pending()[0]!.schemaVersion),
      }),
    ]);
    expect(agent.approvals.pending()[0]!.argsHash).not.toBe(hashArguments({ path: "/etc/hosts" }));
  });

  it("runs the call and resolves with the real result when the approval is granted", async () => {
    const { agent, deleted } = makeAgent();
    const { approvalId } = await agent.callTool("remove", { path: "a.txt" }, { callId: "c1" });
    const result = await agent.approvals.approve(approvalId!);
    expect(result).toMatchObject({ ok: true, outcome: "success", content: "deleted a.txt", callId: "c1" });
    expect(deleted).toEqual(["a.txt"]);
    expect(agent.approvals.pending()).toEqual([]);
  });

  it("rejects a second use of the same approval id and runs the handler only once", async () => {
    const { agent, deleted } = makeAgent();
    const { approvalId } = await agent.callTool("remove", { path: "a.txt" });
    const [first, second] = await Promise.allSettled([
      agent.approvals.approve(approvalId!),
      agent.approvals.approve(approvalId!),
    ]);
    expect(first.status).toBe("fulfilled");
    expect(second.status).toBe("rejected");
    expect((second as PromiseRejectedResult).reason).toBeInstanceOf(ApprovalNotFoundError);
    await expect(agent.approvals.reject(approvalId!, "too late")).rejects.toBeInstanceOf(ApprovalNotFoundError);
    expect(deleted).toEqual(["a.txt"]);
  });

  it("fails clearly when the approval id is unknown", async () => {
    const { agent } = makeAgent();
    await expect(agent.approvals.approve("made-up")).rejects.toThrow(/No pending approval has id "made-up"/);
  });

  it("keeps each pending call with its own arguments when one tool waits for approval twice", async () => {
    const { agent, deleted } = makeAgent();
    const first = await agent.callTool("remove", { path: "one.txt" });
    const second = await agent.callTool("remove", { path: "two.txt" });
    expect(first.approvalId).not.toBe(second.approvalId);
    expect((await agent.approvals.approve(second.approvalId!)).content).toBe("deleted two.txt");
    expect((await agent.approvals.approve(first.approvalId!)).content).toBe("deleted one.txt");
    expect(deleted).toEqual(["two.txt", "one.txt"]);
  });

  it("puts the rejection reason in the model's message when the call is rejected", async () => {
    const { agent, deleted } = makeAgent();
    const { approvalId } = await agent.callTool("remove", { path: "a.txt" }, { callId: "c7" });
    const result = await agent.approvals.reject(approvalId!, "that file is still in use");
    expect(result).toMatchObject({
      ok: false,
      outcome: "rejected",
      callId: "c7",
      error: { code: ErrorCode.ApprovalRejected },
    });
    expect(result.error?.message).toContain("that file is still in use");
    expect(deleted).toEqual([]);
    await expect(agent.approvals.approve(approvalId!)).rejects.toBeInstanceOf(ApprovalNotFoundError);
  });

  it("says no reason was given when a rejection has none", async () => {
    const { agent } = makeAgent();
    const { approvalId } = await agent.callTool("remove", { path: "a.txt" });
    expect((await agent.approvals.reject(approvalId!)).error?.message).toContain("no reason was given");
  });

  it("runs nothing and uses the approval up when the approver saw other arguments than the pending call's", async () => {
    const { agent, deleted } = makeAgent();
    const { approvalId } = await agent.callTool("remove", { path: "a.txt" });
    const refused = await agent.approvals.approve(approvalId!, { expectedArgs: { path: "b.txt" } });
    expect(refused).toMatchObject({ ok: false, outcome: "rejected", error: { code: ErrorCode.ApprovalMismatch } });
    expect(deleted).toEqual([]);
    await expect(agent.approvals.approve(approvalId!)).rejects.toThrow(/already rejected/);
  });

  it("runs when the arguments the approver saw are the pending call's", async () => {
    const { agent } = makeAgent();
    const { approvalId } = await agent.callTool("remove", { path: "a.txt" });
    const result = await agent.approvals.approve(approvalId!, { expectedArgs: { path: "a.txt" } });
    expect(result.content).toBe("deleted a.txt");
  });

  it("runs the requested arguments even when someone tries to change the pending ones", async () => {
    const { agent, deleted } = makeAgent();
    const { approvalId } = await agent.callTool("remove", { path: "a.txt" });
    expect(() => {
      (agent.approvals.pending()[0]!.args as Record<string, unknown>).path = "/";
    }).toThrow(TypeError);
    await agent.approvals.approve(approvalId!);
    expect(deleted).toEqual(["a.txt"]);
  });

  it("asks only when the predicate on the arguments says so", async () => {
    const { agent } = makeAgent();
    expect(await agent.callTool("pay", { amount: 5 })).toMatchObject({ ok: true, content: "paid 5" });
    expect((await agent.callTool("pay", { amount: 500 })).outcome).toBe("awaiting_approval");
  });

  it("passes the call to the predicate as its second argument", async () => {
    const seen: unknown[] = [];
    const registry = new ToolRegistry();
    registry.register("ping", () => "pong", {
      description: "Ping",
      requiresApproval: (...args: unknown[]) => {
        seen.push(args[1]);
        return false;
      },
    });
    class Caller extends BaseAgent {}
    await new Caller({ registry }).callTool("ping", {}, { callId: "c3" });
    expect(seen[0]).toMatchObject({ toolName: "ping", callId: "c3", args: {}, agent: { name: "Caller" } });
  });

  it("runs at once when the approver approves inline", async () => {
    const approver = jest.fn<ReturnType<Approver>, Parameters<Approver>>(async () => true);
    const { agent, deleted } = makeAgent({ approver });
    expect(await agent.callTool("remove", { path: "a.txt" })).toMatchObject({ ok: true, content: "deleted a.txt" });
    expect(approver).toHaveBeenCalledWith(expect.objectContaining({ toolName: "remove", args: { path: "a.txt" } }));
    expect(deleted).toEqual(["a.txt"]);
  });

  it("ends with rejected and the approver's reason when the approver refuses inline", async () => {
    const { agent, deleted } = makeAgent({ approver: () => ({ reject: "outside business hours" }) });
    const result = await agent.callTool("remove", { path: "a.txt" });
    expect(result).toMatchObject({ outcome: "rejected", error: { code: ErrorCode.ApprovalRejected } });
    expect(result.error?.message).toContain("outside business hours");
    expect(deleted).toEqual([]);
  });

  it("leaves the call pending when the approver returns undefined", async () => {
    const { agent } = makeAgent({ approver: () => undefined });
    expect((await agent.callTool("remove", { path: "a.txt" })).outcome).toBe("awaiting_approval");
    expect(agent.approvals.pending()).toHaveLength(1);
  });

  it("waits for an asynchronous approver before running", async () => {
    const decision = deferred<boolean>();
    const { agent, deleted } = makeAgent({ approver: () => decision.promise });
    const result = agent.callTool("remove", { path: "a.txt" });
    await Promise.resolve();
    expect(deleted).toEqual([]);
    decision.resolve(true);
    expect((await result).ok).toBe(true);
  });

  it("fails closed and reports the exception when the approver throws", async () => {
    const boom = new Error("approval service down");
    const { agent, deleted } = makeAgent({
      approver: () => {
        throw boom;
      },
    });
    const errors: ToolEvent[] = [];
    agent.on("error", (event) => void errors.push(event));
    const result = await agent.callTool("remove", { path: "a.txt" });
    expect(result).toMatchObject({ ok: false, outcome: "failed" });
    expect(result.error?.message).toContain("approval service down");
    expect(deleted).toEqual([]);
    expect(errors[0]?.error).toBe(boom);
  });

  it("emits after but not error while a call awaits approval", async () => {
    const { agent } = makeAgent();
    const seen: string[] = [];
    agent.on("after", (event) => void seen.push(`after:${event.result?.outcome}`));
    agent.on("error", (event) => void seen.push(`error:${event.result?.outcome}`));
    const { approvalId } = await agent.callTool("remove", { path: "a.txt" });
    await agent.approvals.reject(approvalId!, "no");
    expect(seen).toEqual(["after:awaiting_approval", "after:rejected", "error:rejected"]);
  });

  it("drops the oldest request when more approvals are pending than maxPendingApprovals", async () => {
    const { agent } = makeAgent({ maxPendingApprovals: 2 });
    const first = await agent.callTool("remove", { path: "1" });
    await agent.callTool("remove", { path: "2" });
    await agent.callTool("remove", { path: "3" });
    expect(agent.approvals.pending().map((entry) => entry.args.path)).toEqual(["2", "3"]);
    await expect(agent.approvals.approve(first.approvalId!)).rejects.toBeInstanceOf(ApprovalNotFoundError);
  });

  it("fails without running or rejecting when the validated arguments cannot be hashed for an approval", async () => {
    const cyclic: Record<string, unknown> = { name: "loop" };
    cyclic.self = cyclic;
    const handler = jest.fn();
    const registry = new ToolRegistry();
    registry.register("loop", handler, {
      description: "Loop",
      requiresApproval: true,
      params: {
        "~standard": {
          version: 1,
          vendor: "test",
          validate: () => ({ value: cyclic }),
          jsonSchema: { input: () => ({ type: "object", properties: {} }) },
        },
      },
    });
    class Caller extends BaseAgent {}
    const result = await new Caller({ registry }).callTool("loop", {});
    expect(result).toMatchObject({ ok: false, outcome: "failed" });
    expect(result.error?.message).toContain("approval request");
    expect(handler).not.toHaveBeenCalled();
  });

  it("refuses a call that needs approval when it is dispatched through a registry without an agent", async () => {
    const registry = new ToolRegistry();
    const handler = jest.fn(() => "ran");
    registry.register("wipe", handler, { description: "Wipe", requiresApproval: true });
    const result = await registry.dispatch("wipe", {});
    expect(result).toMatchObject({ ok: false, outcome: "rejected", error: { code: ErrorCode.ApprovalRequired } });
    expect(handler).not.toHaveBeenCalled();
  });
});

describe("hashArguments", () => {
  it("gives equal hashes when objects differ only in key order", () => {
    expect(hashArguments({ a: 1, b: { c: [1, 2], d: "x" } })).toBe(hashArguments({ b: { d: "x", c: [1, 2] }, a: 1 }));
    expect(hashArguments({ a: [1, 2] })).not.toBe(hashArguments({ a: [2, 1] }));
  });
});
