import { MemoryStore, type RuntimeStore, StoreTransitionError } from "toolwright";
import { RedisStore } from "toolwright/redis";
import { TRANSITIONS, type Transition } from "../../src/state/port/transitions.js";
import { redisForSuite } from "../store/redis-server.js";

// Issue 35: the transition tables were data the keepers read their guards from, but no backend enforced them: any
// caller of a store (a keeper's bug, an app's own code) could move a decided approval back to `pending`, a finished
// task back to `running`, or write a status no table has. Every backend's compare-and-set now refuses a move the
// table does not have, `from` and `to` both, before reading or writing anything.
const redis = redisForSuite();

let prefixes = 0;
const backends: [string, () => RuntimeStore][] = [
  ["MemoryStore", () => new MemoryStore()],
  ["RedisStore", () => new RedisStore({ client: redis.client, prefix: `moves${(prefixes += 1)}` })],
];

const options = { ttlMs: 60_000 };
const forbidden: [kind: "approval" | "task", from: string, to: string | undefined][] = [
  ["approval", "pending", "done"],
  ["approval", "pending", "pending"],
  ["approval", "pending", undefined], // a field written while pending: pending to pending
  ["approval", "approved", "pending"],
  ["approval", "rejected", "approved"],
  ["approval", "done", "approved"],
  ["approval", "pending", "approvedd"],
  ["task", "running", "done"],
  ["task", "succeeded", "running"],
  ["task", "lost", "succeeded"],
  ["task", "cancelled", undefined],
];

describe.each(backends)("the transition tables on %s (issue 35)", (_name, makeStore) => {
  it.each(forbidden)("refuses a %s moving from %s to %s, writing nothing", async (kind, from, to) => {
    const store = makeStore();
    await store.create(kind, { id: "r1", scope: "s", status: from, note: "kept" }, options);
    const patch = to === undefined ? { note: "changed" } : { status: to, note: "changed" };
    const attempt = store.transition(kind, "s", "r1", { from: [from] }, patch, options);
    await expect(attempt).rejects.toBeInstanceOf(StoreTransitionError);
    await expect(attempt).rejects.toMatchObject({
      code: "STORE_RECORD_INVALID",
      from,
      to: to ?? from,
      message: expect.stringContaining(`cannot move from "${from}" to "${to ?? from}"`),
    });
    expect(await store.get(kind, "s", "r1")).toMatchObject({ status: from, note: "kept" });
  });

  it("refuses a guard that lets any one of its statuses make a move the table does not have", async () => {
    const store = makeStore();
    await store.create("approval", { id: "r1", scope: "s", status: "approved" }, options);
    // approved → rejected is the table's `refuse`; pending → rejected is `reject`; done → rejected is nothing.
    const attempt = store.transition(
      "approval",
      "s",
      "r1",
      { from: ["approved", "done"] },
      { status: "rejected" },
      options,
    );
    await expect(attempt).rejects.toMatchObject({ from: "done", to: "rejected" });
    expect(await store.get("approval", "s", "r1")).toMatchObject({ status: "approved" });
  });

  it("applies every move the tables have", async () => {
    const store = makeStore();
    let n = 0;
    for (const [kind, table] of Object.entries(TRANSITIONS) as ["approval" | "task", Record<string, Transition>][]) {
      for (const { from, to } of Object.values(table)) {
        for (const status of from) {
          for (const target of to) {
            const id = `r${(n += 1)}`;
            await store.create(kind, { id, scope: "s", status }, options);
            const moved = await store.transition(kind, "s", id, { from: [status] }, { status: target }, options);
            expect([kind, status, moved?.status]).toEqual([kind, status, target]);
          }
        }
      }
    }
    expect(n).toBeGreaterThan(10);
  });

  it("leaves kinds without a table alone", async () => {
    const store = makeStore();
    await store.create("cache", { id: "c1", scope: "s", status: "fresh" }, options);
    const moved = await store.transition("cache", "s", "c1", { from: ["fresh"] }, { status: "stale" }, options);
    expect(moved).toMatchObject({ status: "stale" });
  });
});
