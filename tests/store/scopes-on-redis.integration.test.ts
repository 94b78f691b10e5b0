import { BaseAgent, ToolRegistry, p, tool } from "toolwright";
import { type OwnedRedisStore, createRedisStore } from "toolwright/redis";
import { type TestRedis, startTestRedis } from "./redis-server.js";

// Issue 23 on a real Redis: two tenants whose agents share a name and a Redis store cannot list or decide each
// other's approvals; replicas that share a registry scope can.

let redis: TestRedis;
let store: OwnedRedisStore;
beforeAll(async () => {
  redis = await startTestRedis();
  store = await createRedisStore({ url: redis.url, prefix: "scopes" });
});
afterAll(async () => {
  await store.close();
  await redis.close();
});

const ran: string[] = [];
class Ops extends BaseAgent {
  static override agentName = "ops";
  @tool({ description: "Remove", params: { name: p.string() }, requiresApproval: true })
  remove({ name }: { name: string }) {
    ran.push(name);
    return `removed ${name}`;
  }
}

describe("store scopes on Redis (issue 23)", () => {
  it("keeps tenants apart and lets replicas of one tenant share", async () => {
    const a = new Ops({ registry: new ToolRegistry({ scope: "tenant-a" }), store });
    const aReplica = new Ops({ registry: new ToolRegistry({ scope: "tenant-a" }), store });
    const b = new Ops({ registry: new ToolRegistry({ scope: "tenant-b" }), store });
    const { approvalId } = await a.callTool("remove", { name: "B-7" });

    expect(await b.approvals.list()).toEqual([]);
    await expect(b.approvals.approve(approvalId!)).rejects.toMatchObject({ code: "APPROVAL_NOT_FOUND" });
    expect(ran).toEqual([]);

    expect((await aReplica.approvals.list()).map((x) => x.id)).toEqual([approvalId]);
    expect(await aReplica.approvals.approve(approvalId!)).toMatchObject({ ok: true, content: "removed B-7" });
    expect(ran).toEqual(["B-7"]);
  });
});
