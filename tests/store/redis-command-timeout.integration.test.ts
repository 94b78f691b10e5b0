import { type OwnedRedisStore, StoreUnavailableError, createRedisStore } from "toolwright/redis";
import { type TestRedis, startTestRedis } from "./redis-server.js";

// The store's time limit on a command (`commandTimeoutMs`) is about Redis answering, not about this process: an
// answer that came in time is taken even when the process was too busy to read it before the limit passed, and a
// server that does not answer in time still fails the command, naming the store.

let redis: TestRedis;
let store: OwnedRedisStore;
beforeAll(async () => {
  redis = await startTestRedis();
  store = await createRedisStore({ url: redis.url, prefix: "timeouts", commandTimeoutMs: 200 });
}, 300_000);
afterAll(async () => {
  await store?.close();
  await redis?.close();
});

const record = { id: "r1", scope: "s", status: "pending" };

// Keeps the event loop from running for `ms` (what a process off the CPU, or busy with other calls, looks like).
function busy(ms: number): void {
  const until = Date.now() + ms;
  while (Date.now() < until);
}

describe("the Redis store's command time limit", () => {
  it("takes an answer that came in time though the process read it after the limit", async () => {
    await store.create("task", record, { ttlMs: 60_000 });
    const read = store.get("task", "s", "r1");
    for (let turn = 0; turn < 5; turn++) await null;
    // node-redis writes the command in the event loop's next check phase, just before this callback: Redis answers
    // (a loopback round trip) while the process stays busy for five times the limit, then reads the answer.
    await new Promise<void>((resolve) =>
      setImmediate(() => {
        busy(1_000);
        resolve();
      }),
    );
    await expect(read).resolves.toMatchObject(record);
  });

  it("fails a command Redis does not answer within the limit, naming the store", async () => {
    const thaw = redis.freeze();
    try {
      const read = store.get("task", "s", "r1");
      await expect(read).rejects.toBeInstanceOf(StoreUnavailableError);
      await expect(read).rejects.toThrow(/no answer within 200 ms/);
      await expect(read).rejects.toMatchObject({ store: expect.stringContaining('prefix "timeouts"') });
    } finally {
      thaw();
    }
    // The same connection serves the next command once the server answers again (the late answer is dropped).
    await expect(store.get("task", "s", "r1")).resolves.toMatchObject(record);
  });
});
