import { BaseAgent, MemoryStore, type RuntimeStore, type ToolEvent, ToolRegistry, p, tool } from "toolwright";
import { RedisStore } from "toolwright/redis";
import { redisForSuite } from "../store/redis-server.js";
import { tamperRecord } from "../support/tamper-record.js";

// Issue 35: a call rebuilt from a stored approval on another replica lost its `session`: the approver's events, the
// repeat guard and session grants saw a call of no session. The record keeps the session (bound into its integrity
// check, like the call's auth), and the rebuilt call runs in it.
const redis = redisForSuite();

let prefixes = 0;
const stores: [string, () => RuntimeStore][] = [
  ["a shared MemoryStore", () => new MemoryStore()],
  ["a RedisStore", () => new RedisStore({ client: redis.client, prefix: `kept-session${(prefixes += 1)}` })],
];

class Ops extends BaseAgent {
  static override agentName = "ops";
  @tool({ description: "Remove one record", params: { name: p.string() }, requiresApproval: true })
  remove() {
    return "removed";
  }
}

function events(agent: BaseAgent): ToolEvent[] {
  const heard: ToolEvent[] = [];
  for (const name of ["before", "after"] as const) agent.on(name, (event) => void heard.push(event));
  return heard;
}

describe.each(stores)("an approval decided in another process on %s (issue 35)", (_name, makeStore) => {
  const replicas = () => {
    const store = makeStore();
    const options = { store, sweepIntervalMs: false as const };
    const requester = new Ops({ ...options, registry: new ToolRegistry({ scope: "t" }) });
    const approver = new Ops({ ...options, registry: new ToolRegistry({ scope: "t" }) });
    return { store, requester, approver };
  };

  it("runs the rebuilt call in the session it was made in", async () => {
    const { requester, approver } = replicas();
    const heard = events(approver);
    const { approvalId } = await requester.callTool("remove", { name: "B-7" }, { session: "chat-1" });
    const pending = await approver.approvals.list();
    expect(pending.map((approval) => approval.session)).toEqual(["chat-1"]);
    expect(await approver.approvals.approve(approvalId!)).toMatchObject({ ok: true });
    expect(heard.map((event) => [event.event, event.session])).toEqual([
      ["before", "chat-1"],
      ["after", "chat-1"],
    ]);
  });

  it("refuses a record whose stored session was changed, running nothing", async () => {
    const { store, requester, approver } = replicas();
    const heard = events(approver);
    const { approvalId } = await requester.callTool("remove", { name: "B-7" }, { session: "chat-1" });
    const moved = await tamperRecord(store, "approval", "t//ops", approvalId!, { session: "chat-2" });
    expect(moved).toBeDefined();
    const result = await approver.approvals.approve(approvalId!);
    expect(result).toMatchObject({ ok: false, outcome: "rejected", error: { code: "APPROVAL_MISMATCH" } });
    expect(heard.filter((event) => event.event === "before")).toEqual([]);
  });
});
