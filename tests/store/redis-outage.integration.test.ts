import { BaseAgent, type ToolResult, p, tool } from "toolwright";
import { type OwnedRedisStore, StoreUnavailableError, createRedisStore } from "toolwright/redis";
import { type TestRedis, startTestRedis } from "./redis-server.js";

// The server persists (append-only, fsync always), so a restart brings the pending approvals back, as a real outage
// of a durable Redis would.
let redis: TestRedis;
let store: OwnedRedisStore;

beforeAll(async () => {
  redis = await startTestRedis({ persist: true });
  store = await createRedisStore({ url: redis.url, prefix: "outage", commandTimeoutMs: 1_000 });
}, 300_000);

afterAll(async () => {
  await store?.close();
  await redis?.close();
});

function makeAgent(runs: string[]) {
  class VaultAgent extends BaseAgent {
    static override agentName = "vault";
    @tool({ description: "Open the vault", params: { door: p.string() }, requiresApproval: true })
    open({ door }: { door: string }) {
      runs.push(door);
      return `opened ${door}`;
    }
  }
  return new VaultAgent({ store });
}

async function untilReady(agent: BaseAgent): Promise<ToolResult> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const result = await agent.callTool("open", { door: "probe" });
    if (result.outcome === "awaiting_approval" || Date.now() > deadline) return result;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe("a Redis outage", () => {
  it("fails calls needing the store with a clear error, runs nothing twice, and recovers when Redis returns", async () => {
    const runs: string[] = [];
    const agent = makeAgent(runs);
    const before = await agent.callTool("open", { door: "front" });
    expect(before.outcome).toBe("awaiting_approval");

    await redis.stop();
    const during = await agent.callTool("open", { door: "back" });
    expect(during).toMatchObject({ ok: false, outcome: "failed", error: { code: "STORE_UNAVAILABLE" } });
    expect(during.error?.message).toContain(`${redis.url} (prefix "outage")`);
    const approval = agent.approvals.approve(before.approvalId!);
    await expect(approval).rejects.toBeInstanceOf(StoreUnavailableError);
    await expect(approval).rejects.toMatchObject({
      code: "STORE_UNAVAILABLE",
      store: `${redis.url} (prefix "outage")`,
    });
    expect(runs).toEqual([]);

    await redis.restart();
    expect((await untilReady(agent)).outcome).toBe("awaiting_approval");
    const pending = await agent.approvals.list();
    expect(pending.map((entry) => entry.args)).toContainEqual({ door: "front" });
    expect(await agent.approvals.approve(before.approvalId!)).toMatchObject({ ok: true, content: "opened front" });
    await expect(agent.approvals.approve(before.approvalId!)).rejects.toMatchObject({ code: "APPROVAL_NOT_FOUND" });
    expect(runs).toEqual(["front"]);
  }, 30_000);
});
