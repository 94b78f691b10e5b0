import { MemoryStore, type RuntimeStore } from "toolwright";
import { RedisStore } from "toolwright/redis";
import { useTestRedis } from "./use-test-redis.js";

const server = useTestRedis();

const makeRecord = (overrides: Record<string, unknown> = {}) => ({
  id: "a1",
  scope: "ops",
  status: "pending",
  args: { list: [], nested: { empty: {} }, text: 'ü "quoted"' },
  createdAt: 1,
  ...overrides,
});

let prefixes = 0;
const stores: [string, () => RuntimeStore][] = [
  ["MemoryStore", () => new MemoryStore()],
  ["RedisStore", () => new RedisStore({ client: server.client, prefix: `contract${(prefixes += 1)}` })],
];

describe.each(stores)("%s", (_name, makeStore) => {
  it("reads back exactly what was written when a record is created", async () => {
    const store = makeStore();
    expect(await store.create("approval", makeRecord(), { ttlMs: 60_000 })).toBe(true);
    // Empty arrays and objects survive: the snapshot that runs is the one that was shown.
    expect(await store.get("approval", "ops", "a1")).toEqual(makeRecord());
    expect(await store.get("approval", "other-agent", "a1")).toBeUndefined();
  });

  it("refuses a second record when the id exists", async () => {
    const store = makeStore();
    await store.create("approval", makeRecord(), { ttlMs: 60_000 });
    expect(await store.create("approval", makeRecord({ status: "approved" }), { ttlMs: 60_000 })).toBe(false);
    expect((await store.get("approval", "ops", "a1"))?.status).toBe("pending");
  });

  it("applies a transition once when many race from the same status", async () => {
    const store = makeStore();
    await store.create("approval", makeRecord(), { ttlMs: 60_000 });
    const attempts = Array.from({ length: 50 }, (_, i) =>
      store.transition(
        "approval",
        "ops",
        "a1",
        { from: ["pending"] },
        { status: "approved", by: i },
        { ttlMs: 60_000 },
      ),
    );
    const won = (await Promise.all(attempts)).filter((record) => record !== undefined);
    expect(won).toHaveLength(1);
    expect(won[0]).toMatchObject({ status: "approved", args: makeRecord().args });
  });

  it("checks equal fields and the lease when a guard names them", async () => {
    const store = makeStore();
    await store.create("task", makeRecord({ status: "running", owner: "p1" }), { ttlMs: 60_000, leaseMs: 60_000 });
    const guard = { from: ["running"], equals: { owner: "p2" } };
    expect(await store.transition("task", "ops", "a1", guard, {}, { ttlMs: 60_000 })).toBeUndefined();
    const lost = { from: ["running"], leaseExpired: true };
    expect(await store.transition("task", "ops", "a1", lost, { status: "lost" }, { ttlMs: 60_000 })).toBeUndefined();
    await store.transition("task", "ops", "a1", { from: ["running"] }, {}, { ttlMs: 60_000, leaseMs: 0 });
    expect(await store.transition("task", "ops", "a1", lost, { status: "lost" }, { ttlMs: 60_000 })).toMatchObject({
      status: "lost",
    });
  });

  it("lists a scope's live records oldest first and forgets deleted and expired ones", async () => {
    const store = makeStore();
    await store.create("approval", makeRecord({ id: "b", createdAt: 2 }), { ttlMs: 60_000 });
    await store.create("approval", makeRecord({ id: "a", createdAt: 1 }), { ttlMs: 60_000 });
    await store.create("approval", makeRecord({ id: "short", createdAt: 3 }), { ttlMs: 30 });
    await store.create("approval", makeRecord({ id: "elsewhere", scope: "other" }), { ttlMs: 60_000 });
    await store.create("task", makeRecord({ id: "task" }), { ttlMs: 60_000 });
    expect(await store.delete("approval", "ops", "b")).toBe(true);
    expect(await store.delete("approval", "ops", "b")).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 60)); // a real expiry: Redis's clock, not jest's
    expect((await store.list("approval", "ops")).map((record) => record.id)).toEqual(["a"]);
    expect(await store.get("approval", "ops", "short")).toBeUndefined();
  });
});

describe("RedisStore keys", () => {
  it("sets a time to live on every key it writes when records are created and changed", async () => {
    const store = new RedisStore({ client: server.client, prefix: "ttl-check" });
    await store.create("approval", makeRecord(), { ttlMs: 60_000 });
    await store.transition("approval", "ops", "a1", { from: ["pending"] }, { status: "approved" }, { ttlMs: 5_000 });
    await store.create("task", makeRecord({ id: "t1" }), { ttlMs: 60_000, leaseMs: 1_000 });
    const keys = await server.client.keys("ttl-check:*");
    expect(keys.length).toBe(8); // two records, two indexes, two status sets (issue 23), two order counters
    for (const key of keys) expect(await server.client.pTTL(key)).toBeGreaterThan(0);
  });
});
