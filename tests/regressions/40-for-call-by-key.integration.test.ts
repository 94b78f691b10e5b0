import { BaseAgent, MemoryStore, type RuntimeStore, ToolRegistry, p, tool } from "toolwright";
import { RedisStore } from "toolwright/redis";
import { useTestRedis } from "../store/use-test-redis.js";

// Issue 40, item 14: every framework approval question and approved framework run calls `approvals.forCall`, which
// on a store read every approval record of the scope in one script (HGETALL per record): at 20,000 decided approvals
// one AI SDK call held Redis for seconds. A call's approval is now found by key: a pointer written with the record
// (and expiring with it), read in one short script whatever the scope holds.

jest.setTimeout(60_000);
const server = useTestRedis();
const DECIDED = 300;

class Payments extends BaseAgent {
  static override agentName = "payments";
  @tool({ description: "Refund", params: { order: p.string() }, requiresApproval: true })
  refund({ order }: { order: string }) {
    return `refunded ${order}`;
  }
}

// Redis counts every command, including those a script runs, in INFO commandstats.
async function commandsDuring(work: () => Promise<unknown>): Promise<Map<string, number>> {
  await server.client.sendCommand(["CONFIG", "RESETSTAT"]);
  await work();
  const info = String(await server.client.sendCommand(["INFO", "commandstats"]));
  const counts = new Map<string, number>();
  for (const match of info.matchAll(/^cmdstat_([^:]+):calls=(\d+)/gm)) counts.set(match[1]!, Number(match[2]));
  for (const name of counts.keys()) if (name.startsWith("config") || name.startsWith("info")) counts.delete(name);
  return counts;
}

async function withDecided(store: RuntimeStore): Promise<Payments> {
  const agent = new Payments({ registry: new ToolRegistry({ scope: "t" }), store });
  for (let i = 0; i < DECIDED; i += 1) {
    const asked = await agent.callTool("refund", { order: `o-${i}` }, { callId: `call-${i}` });
    await agent.approvals.reject(asked.approvalId!);
  }
  return agent;
}

describe("forCall finds a call's approval by key (issue 40)", () => {
  it("reads one record, not the scope, however many decided approvals the scope keeps (Redis)", async () => {
    const agent = await withDecided(new RedisStore({ client: server.client, prefix: "forcall" }));
    const pending = await agent.callTool("refund", { order: "o-new" }, { callId: "call-new" });
    // Once first, so the server has the script cached (a first EVALSHA answers NOSCRIPT and is sent again as EVAL).
    await agent.approvals.forCall("refund", "call-0");

    let answer: unknown;
    const counts = await commandsDuring(async () => (answer = await agent.approvals.forCall("refund", "call-new")));
    expect(answer).toMatchObject({ status: "pending", approval: { id: pending.approvalId } });
    // The old code: one script that ran HGETALL on every one of the scope's records.
    expect(counts.get("hgetall") ?? 0).toBeLessThanOrEqual(1);
    const total = [...counts.values()].reduce((sum, calls) => sum + calls, 0);
    // One script (EVALSHA) that reads the pointer (GET) and the record (HGETALL).
    expect(total).toBeLessThanOrEqual(3);

    const decided = await commandsDuring(async () => (answer = await agent.approvals.forCall("refund", "call-7")));
    expect(answer).toEqual({ status: "decided" });
    expect(decided.get("hgetall") ?? 0).toBeLessThanOrEqual(1);
  });

  it.each([
    ["memory", () => new MemoryStore()],
    ["redis", () => new RedisStore({ client: server.client, prefix: "forcall-kinds" })],
  ] as const)("answers pending, decided and unknown calls alike (%s store)", async (_name, make) => {
    const store = make();
    const agent = new Payments({ registry: new ToolRegistry({ scope: "k" }), store });
    const other = new Payments({ registry: new ToolRegistry({ scope: "k" }), store });
    const first = await agent.callTool("refund", { order: "a" }, { callId: "c-1" });
    const second = await agent.callTool("refund", { order: "b" }, { callId: "c-2" });
    await agent.approvals.approve(first.approvalId!);
    // Any replica finds it: the key is in the store, not in the process that asked.
    expect(await other.approvals.forCall("refund", "c-1")).toEqual({ status: "decided" });
    expect(await other.approvals.forCall("refund", "c-2")).toMatchObject({
      status: "pending",
      approval: { id: second.approvalId, args: { order: "b" } },
    });
    expect(await other.approvals.forCall("refund", "c-3")).toBeUndefined();
    expect(await other.approvals.forCall("other-tool", "c-2")).toBeUndefined();
  });

  it.each([
    ["memory", () => new MemoryStore()],
    ["redis", () => new RedisStore({ client: server.client, prefix: "forcall-evicted" })],
  ] as const)("forgets a call whose pending approval a full scope dropped (%s store)", async (_name, make) => {
    const agent = new Payments({ registry: new ToolRegistry({ scope: "e" }), store: make(), maxPendingApprovals: 1 });
    await agent.callTool("refund", { order: "a" }, { callId: "c-1" });
    const second = await agent.callTool("refund", { order: "b" }, { callId: "c-2" });
    expect(await agent.approvals.forCall("refund", "c-1")).toBeUndefined();
    expect(await agent.approvals.forCall("refund", "c-2")).toMatchObject({ approval: { id: second.approvalId } });
  });
});
