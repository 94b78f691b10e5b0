import { BaseAgent, ToolRegistry, ToolValidationError, p, tool } from "toolwright";
import { type OwnedRedisStore, createRedisStore } from "toolwright/redis";
import { type TestRedis, startTestRedis } from "./redis-server.js";

// Issue 23 on a real Redis: a replica approves another's call with edited arguments; an invalid edit leaves it
// pending, a valid one runs once with the edit recorded on the result and on the stored record.

let redis: TestRedis;
let store: OwnedRedisStore;
beforeAll(async () => {
  redis = await startTestRedis();
  store = await createRedisStore({ url: redis.url, prefix: "edits" });
});
afterAll(async () => {
  await store.close();
  await redis.close();
});

const ran: string[] = [];
class Ops extends BaseAgent {
  static override agentName = "ops";
  @tool({ description: "Cancel", params: { order: p.string({ pattern: "^[A-Z]-[0-9]+$" }) }, requiresApproval: true })
  cancel({ order }: { order: string }) {
    ran.push(order);
    return `cancelled ${order}`;
  }
}

describe("approve with edits on Redis (issue 23)", () => {
  it("validates, runs once and records the edit", async () => {
    const requester = new Ops({ registry: new ToolRegistry({ scope: "t" }), store });
    const approver = new Ops({ registry: new ToolRegistry({ scope: "t" }), store });
    const { approvalId } = await requester.callTool("cancel", { order: "B-7" }, { callId: "call-1" });

    await expect(approver.approvals.approve(approvalId!, { args: { order: "all" } })).rejects.toBeInstanceOf(
      ToolValidationError,
    );
    expect((await approver.approvals.list()).map((x) => x.id)).toEqual([approvalId]);

    const result = await approver.approvals.approve(approvalId!, { args: { order: "B-8" } });
    expect(result).toMatchObject({
      ok: true,
      content: "cancelled B-8",
      approval: { originalArgs: { order: "B-7" }, editedArgs: { order: "B-8" } },
    });
    expect(ran).toEqual(["B-8"]);
    await expect(requester.approvals.approve(approvalId!, { args: { order: "B-9" } })).rejects.toMatchObject({
      code: "APPROVAL_NOT_FOUND",
    });
    expect(await approver.approvals.forCall("cancel", "call-1")).toEqual({ status: "decided" });
    expect(ran).toEqual(["B-8"]);
  });
});
