import { BaseAgent, MemoryStore, type RuntimeStore, type ToolResult, ToolRegistry, tool } from "toolwright";
import { RedisStore } from "toolwright/redis";
import { redisForSuite } from "../store/redis-server.js";

// Issue 35: a background task's final result was capped before a shared store kept it, but an approved call's was
// not: one approval of a tool with a huge result wrote all of it into the store (Redis), where it stayed for the
// retention. The approval's stored result now takes the same cap; the process that ran the call keeps it whole.
const redis = redisForSuite();

const HUGE = "row of the export\n".repeat(100_000); // 1.8 million characters

let prefixes = 0;
const stores: [string, () => RuntimeStore][] = [
  ["a shared MemoryStore", () => new MemoryStore()],
  ["a RedisStore", () => new RedisStore({ client: redis.client, prefix: `capped-approval${(prefixes += 1)}` })],
];

class Exports extends BaseAgent {
  static override agentName = "exports";
  @tool({ description: "Exports everything", params: {}, requiresApproval: true })
  export_all() {
    return HUGE;
  }
}

describe.each(stores)("an approved call's result on %s (issue 35)", (_name, makeStore) => {
  it("is stored cut to the default budget; the approver gets it whole", async () => {
    const store = makeStore();
    const options = { store, sweepIntervalMs: false as const };
    const requester = new Exports({ ...options, registry: new ToolRegistry({ scope: "t" }) });
    const approver = new Exports({ ...options, registry: new ToolRegistry({ scope: "t" }) });
    const { approvalId } = await requester.callTool("export_all", {});
    const result = await approver.approvals.approve(approvalId!);
    expect(result).toMatchObject({ ok: true, content: HUGE });
    const record = await store.get("approval", "t//exports", approvalId!);
    expect(record).toMatchObject({ status: "done" });
    expect(JSON.stringify(record).length).toBeLessThan(55_000);
    const stored = record!.result as ToolResult;
    const text = stored.ok ? String(stored.content) : "";
    expect(text).toMatch(/characters cut: the result is longer than the 50,000 characters the model reads/);
    expect(text.startsWith("row of the export\n")).toBe(true);
  });
});
