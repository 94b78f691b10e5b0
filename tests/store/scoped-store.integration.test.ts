import { MemoryStore, type ScopedStore, type RuntimeStore, type StoreChange } from "toolwright";
import { RedisStore } from "toolwright/redis";
import { redisForSuite } from "./redis-server.js";
import { subScope } from "../../src/state/port/store-scope.js";

// The ScopedStore contract (issue 23), the same on both stores: caps checked with the create, pages through a
// scope's statuses, and notices of status changes.

const redis = redisForSuite();

type Store = RuntimeStore & ScopedStore;
let prefixes = 0;
const stores: [string, () => Store][] = [
  ["MemoryStore", () => new MemoryStore()],
  [
    "RedisStore",
    () => new RedisStore({ client: redis.client, subscriber: redis.subscriber, prefix: `scoped${(prefixes += 1)}` }),
  ],
];

const record = (id: string, status = "pending", extra: Record<string, unknown> = {}) => ({
  id,
  scope: "s",
  status,
  createdAt: Date.now(),
  ...extra,
});
const PENDING_CAP = { max: 3, counted: ["pending"], evictable: ["pending"] };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(stores)("%s as a ScopedStore", (_name, makeStore) => {
  it("evicts the oldest counted record to stay within the cap, and returns it", async () => {
    const store = makeStore();
    const evicted: string[] = [];
    for (const id of ["a", "b", "c", "d", "e"]) {
      const made = await store.createCapped("approval", record(id), { ttlMs: 60_000 }, PENDING_CAP);
      if (!made.created) throw new Error(`refused ${id}`);
      evicted.push(...made.evicted.map((r) => r.id));
    }
    expect(evicted).toEqual(["a", "b"]);
    expect((await store.listPage("approval", "s", ["pending"])).records.map((r) => r.id)).toEqual(["c", "d", "e"]);
    expect(await store.get("approval", "s", "a")).toBeUndefined();
    // Another scope has its own count.
    const other = await store.createCapped("approval", { ...record("a"), scope: "t" }, { ttlMs: 60_000 }, PENDING_CAP);
    expect(other).toEqual({ created: true, evicted: [] });
  });

  it("creates unless the scopes read first hold records, kept beside the record's scope or elsewhere (issue 35)", async () => {
    const store = makeStore();
    // One scope kept beside the record's (read by the create's own step on Redis), one elsewhere (read before it).
    const beside = subScope("s", "grant", "t");
    const elsewhere = subScope("u", "grant", "t");
    const unless = { kind: "grant" as const, scopes: [beside, elsewhere] };
    expect(await store.createCapped("approval", record("a"), { ttlMs: 60_000 }, PENDING_CAP, unless)).toEqual({
      created: true,
      evicted: [],
    });
    for (const scope of [beside, elsewhere]) {
      await store.create("grant", { id: `g-${scope}`, scope, status: "active" }, { ttlMs: 60_000 });
      const made = await store.createCapped("approval", record(`b-${scope}`), { ttlMs: 60_000 }, PENDING_CAP, unless);
      expect(made).toEqual({
        created: false,
        reason: "found",
        found: [expect.objectContaining({ id: `g-${scope}`, scope })],
      });
      expect(await store.get("approval", "s", `b-${scope}`)).toBeUndefined();
      expect(await store.delete("grant", scope, `g-${scope}`)).toBe(true);
    }
    // Records of another kind in those scopes do not count; with none left, the create goes through.
    await store.create("approval", { ...record("x"), scope: beside }, { ttlMs: 60_000 });
    expect((await store.createCapped("approval", record("c"), { ttlMs: 60_000 }, PENDING_CAP, unless)).created).toBe(
      true,
    );
    expect((await store.listPage("approval", "s", ["pending"])).records.map((r) => r.id)).toEqual(["a", "c"]);
  });

  it("refuses when full and nothing may be evicted, and when the id exists; a record leaving the status frees room", async () => {
    const store = makeStore();
    const cap = { max: 2, counted: ["running", "succeeded"], evictable: ["succeeded"] };
    await store.createCapped("task", record("r1", "running"), { ttlMs: 60_000 }, cap);
    expect(await store.createCapped("task", record("r1", "running"), { ttlMs: 60_000 }, cap)).toEqual({
      created: false,
      reason: "exists",
    });
    await store.createCapped("task", record("r2", "running"), { ttlMs: 60_000 }, cap);
    expect(await store.createCapped("task", record("r3", "running"), { ttlMs: 60_000 }, cap)).toEqual({
      created: false,
      reason: "full",
    });
    await store.transition("task", "s", "r1", { from: ["running"] }, { status: "succeeded" }, { ttlMs: 60_000 });
    const made = await store.createCapped("task", record("r3", "running"), { ttlMs: 60_000 }, cap);
    expect(made.created && made.evicted.map((r) => r.id)).toEqual(["r1"]);
  });

  it("does not count a running record whose lease ran out", async () => {
    const store = makeStore();
    const cap = { max: 1, counted: ["running"], evictable: [], leasedStatuses: ["running"] };
    await store.createCapped("task", record("old", "running"), { ttlMs: 60_000, leaseMs: 30 }, cap);
    expect((await store.createCapped("task", record("new", "running"), { ttlMs: 60_000 }, cap)).created).toBe(false);
    await sleep(60);
    const made = await store.createCapped("task", record("new", "running"), { ttlMs: 60_000, leaseMs: 30_000 }, cap);
    expect(made).toEqual({ created: true, evicted: [] });
  });

  it("pages through a scope's statuses in the order records entered them, without repeats", async () => {
    const store = makeStore();
    const ids = Array.from({ length: 450 }, (_, i) => `r${String(i).padStart(3, "0")}`);
    for (const id of ids)
      await store.create("task", record(id, Number(id.slice(1)) % 2 ? "running" : "done"), { ttlMs: 60_000 });
    const seen: string[] = [];
    let after: string | undefined;
    let pages = 0;
    do {
      const page = await store.listPage("task", "s", ["running", "done"], { limit: 200, ...(after && { after }) });
      expect(page.records.length).toBeLessThanOrEqual(200);
      seen.push(...page.records.map((r) => r.id));
      after = page.next;
      pages += 1;
    } while (after !== undefined);
    expect(seen).toEqual(ids);
    expect(pages).toBeGreaterThanOrEqual(3);
    expect((await store.listPage("task", "s", ["done"], { limit: 1_000 })).records).toHaveLength(225);
  });

  it("drops expired records from pages", async () => {
    const store = makeStore();
    await store.create("approval", record("short"), { ttlMs: 30 });
    await store.create("approval", record("long"), { ttlMs: 60_000 });
    await sleep(80);
    expect((await store.listPage("approval", "s", ["pending"])).records.map((r) => r.id)).toEqual(["long"]);
  });

  it("tells a watcher of status changes and written fields, not of renewals, until unwatched", async () => {
    const store = makeStore();
    const heard: (StoreChange | undefined)[] = [];
    const unwatch = await store.watch("task", "s", (change) => void heard.push(change));
    expect(unwatch).toBeDefined();
    await store.create("task", record("w", "running"), { ttlMs: 60_000, leaseMs: 1_000 });
    const owner = { from: ["running"] };
    await store.transition("task", "s", "w", owner, {}, { ttlMs: 60_000, leaseMs: 1_000 });
    await store.transition("task", "s", "w", owner, { progress: 1 }, { ttlMs: 60_000, leaseMs: 1_000 });
    await store.transition("task", "s", "w", owner, { status: "succeeded" }, { ttlMs: 60_000 });
    await store.delete("task", "s", "w");
    for (let i = 0; i < 100 && heard.length < 3; i += 1) await sleep(10);
    expect(heard).toEqual([
      { id: "w", status: "running" },
      { id: "w", status: "succeeded" },
      { id: "w", status: "deleted" },
    ]);
    unwatch!();
    await store.create("task", record("x", "running"), { ttlMs: 60_000 });
    await store.delete("task", "s", "x");
    await sleep(50);
    expect(heard).toHaveLength(3);
  });
});

describe("a RedisStore without a subscriber", () => {
  it("cannot notify, so its waiters poll", async () => {
    const store = new RedisStore({ client: redis.client, prefix: "no-subscriber" });
    expect(await store.watch("approval", "s", () => undefined)).toBeUndefined();
  });
});
