import { BaseAgent, MemoryStore, type RuntimeStore, ToolRegistry, type ToolResult, p, tool } from "toolwright";
import { RedisStore } from "toolwright/redis";
import { useTestRedis } from "../store/use-test-redis.js";
import { tamperRecord } from "../support/tamper-record.js";

// Issue 35, a break found last stop: on a shared store, an approval record whose `callId` was changed ran once under
// that id (the record's integrity check bound the tool, arguments and schema version, not the call). The call id is
// bound now: a tampered one is refused and nothing runs, on the memory backend and on a real redis-server.
const server = useTestRedis();

const ran: string[] = [];
class Ops extends BaseAgent {
  static override agentName = "ops";
  @tool({ description: "Remove one record", params: { name: p.string() }, requiresApproval: true })
  remove({ name }: { name: string }, context: { callId: string }) {
    ran.push(`${name} as ${context.callId}`);
    return `removed ${name}`;
  }
}

const backends: [string, () => RuntimeStore][] = [
  ["a shared MemoryStore", () => new MemoryStore()],
  ["a RedisStore", () => new RedisStore({ client: server.client, prefix: "tampered-call-id" })],
];

function refusedAsMismatch(result: ToolResult): void {
  expect(result).toMatchObject({ ok: false, outcome: "rejected", error: { code: "APPROVAL_MISMATCH" } });
  expect(result.error?.message).toMatch(/changed after the approval was requested \(call id/);
}

describe.each(backends)("an approval record with a tampered call id on %s (issue 35)", (_name, makeStore) => {
  beforeEach(() => void (ran.length = 0));

  it("is refused by another process, and runs nothing", async () => {
    const store = makeStore();
    const requester = new Ops({ registry: new ToolRegistry({ scope: "t" }), store });
    const approver = new Ops({ registry: new ToolRegistry({ scope: "t" }), store });
    const { approvalId } = await requester.callTool("remove", { name: "B-7" }, { callId: "call-1" });
    const moved = await tamperRecord(store, "approval", "t//ops", approvalId!, { callId: "call-9" });
    expect(moved).toBeDefined();
    refusedAsMismatch(await approver.approvals.approve(approvalId!));
    // Used up: the requester cannot run it afterwards either.
    await expect(requester.approvals.approve(approvalId!)).rejects.toMatchObject({ code: "APPROVAL_NOT_FOUND" });
    expect(ran).toEqual([]);
  });

  it("still runs an untouched record once, under its own call id", async () => {
    const store = makeStore();
    const requester = new Ops({ registry: new ToolRegistry({ scope: "t2" }), store });
    const approver = new Ops({ registry: new ToolRegistry({ scope: "t2" }), store });
    const { approvalId } = await requester.callTool("remove", { name: "B-7" }, { callId: "call-1" });
    expect(await approver.approvals.approve(approvalId!)).toMatchObject({ ok: true, callId: "call-1" });
    expect(ran).toEqual(["B-7 as call-1"]);
  });
});
