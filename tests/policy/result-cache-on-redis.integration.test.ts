// The result cache on a real redis-server (resultCache: "store"): two replicas (registries of one scope, each with
// its own agent) share hits through Redis, and a successful call of an invalidating tool on either clears them.
import { BaseAgent, ToolRegistry, p, tool } from "toolwright";
import { type OwnedRedisStore, createRedisStore } from "toolwright/redis";
import { type TestRedis, startTestRedis } from "../store/redis-server.js";

let redis: TestRedis;
let store: OwnedRedisStore;
beforeAll(async () => {
  redis = await startTestRedis();
  store = await createRedisStore({ url: redis.url, prefix: "cache" });
}, 300_000);
afterAll(async () => {
  await store?.close();
  await redis?.close();
});

const runs: string[] = [];
class Catalogue extends BaseAgent {
  static override agentName = "redis_catalogue";

  @tool({
    description: "Look a product up",
    params: { sku: p.string() },
    readOnly: true,
    cache: { ttlMs: 60_000, invalidatedBy: ["setPrice"] },
  })
  lookUp({ sku }: { sku: string }) {
    runs.push(`lookUp ${sku}`);
    return { sku, price: 12 };
  }

  @tool({ description: "Set a price", params: { sku: p.string() } })
  setPrice({ sku }: { sku: string }) {
    runs.push(`setPrice ${sku}`);
    return "ok";
  }
}

it("shares hits between replicas through Redis, and clears them on an invalidating call", async () => {
  const replica = (scope: string) =>
    new Catalogue({ registry: new ToolRegistry({ scope }), store, resultCache: "store" });
  const a = replica("tenant");
  const b = replica("tenant");
  const other = replica("another-tenant");
  await a.callTool("lookUp", { sku: "a1" });
  const hit = await b.callTool("lookUp", { sku: "a1" });
  expect(hit).toMatchObject({ ok: true, cached: true, content: { sku: "a1", price: 12 } });
  expect((await other.callTool("lookUp", { sku: "a1" })).cached).toBeUndefined();
  await b.callTool("setPrice", { sku: "a1" });
  expect((await a.callTool("lookUp", { sku: "a1" })).cached).toBeUndefined();
  expect((await b.callTool("lookUp", { sku: "a1" })).cached).toBe(true);
  expect(runs).toEqual(["lookUp a1", "lookUp a1", "setPrice a1", "lookUp a1"]);
});
