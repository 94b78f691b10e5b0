import * as redisEntry from "toolwright/redis";

describe("toolwright/redis", () => {
  it("exports exactly these runtime names when imported", () => {
    expect(Object.keys(redisEntry).sort()).toEqual([
      "RedisStore",
      "StoreRecordError",
      "StoreUnavailableError",
      "createRedisStore",
    ]);
  });

  it("names the store and what failed when Redis cannot be reached", async () => {
    const attempt = redisEntry.createRedisStore({ url: "redis://127.0.0.1:1", commandTimeoutMs: 300 });
    await expect(attempt).rejects.toMatchObject({
      code: "STORE_UNAVAILABLE",
      store: 'redis://127.0.0.1:1 (prefix "toolwright")',
    });
  });
});
