import { BaseAgent, ToolRegistry, p, tool } from "toolwright";
import { type OwnedRedisStore, createRedisStore } from "toolwright/redis";
import { type TestRedis, startTestRedis } from "../store/redis-server.js";

// Issue 35, found in review: a call that needs approval subscribes to its scope's notices before it writes its
// request, and that subscription had no time limit (the store's commands have `commandTimeoutMs`). With a Redis that
// stops answering (a stopped process, a partition that drops packets), the call waited as long as the server did,
// instead of answering STORE_UNAVAILABLE within the limit as the docs promise ("When Redis is down").

let redis: TestRedis;
let store: OwnedRedisStore;
beforeAll(async () => {
  redis = await startTestRedis();
  store = await createRedisStore({ url: redis.url, prefix: "frozen", commandTimeoutMs: 300 });
}, 300_000);
afterAll(async () => {
  await store?.close();
  await redis?.close();
});

class Ops extends BaseAgent {
  static override agentName = "ops";
  @tool({ description: "Remove one record", params: { name: p.string() }, requiresApproval: true })
  remove({ name }: { name: string }) {
    return `removed ${name}`;
  }
}

async function within<T>(ms: number, promise: Promise<T>): Promise<T | "still waiting"> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<"still waiting">((resolve) => (timer = setTimeout(() => resolve("still waiting"), ms)));
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

describe("a call that needs approval on a Redis that stops answering (issue 35)", () => {
  it("answers STORE_UNAVAILABLE within a few command time limits", async () => {
    const agent = new Ops({ registry: new ToolRegistry({ scope: "t" }), store, sweepIntervalMs: false });
    const thaw = redis.freeze();
    let answer: unknown;
    try {
      answer = await within(3_000, agent.callTool("remove", { name: "B-7" }));
    } finally {
      thaw();
    }
    expect(answer).toMatchObject({ ok: false, error: { code: "STORE_UNAVAILABLE" } });

    // Once Redis answers again, calls are requested and decided as before, and a decision made elsewhere is heard.
    const approver = new Ops({ registry: new ToolRegistry({ scope: "t" }), store, sweepIntervalMs: false });
    const heard = new Promise((resolve) =>
      agent.on("after", (event) => void (event.result?.outcome !== "awaiting_approval" && resolve(event.result))),
    );
    const waiting = await agent.callTool("remove", { name: "B-8" });
    expect(waiting.outcome).toBe("awaiting_approval");
    await expect(approver.approvals.approve(waiting.approvalId!)).resolves.toMatchObject({ ok: true });
    await expect(heard).resolves.toMatchObject({ ok: true, content: "removed B-8" });
  });
});
