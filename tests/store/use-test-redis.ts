import { createClient } from "redis";
import { type TestRedis, startTestRedis } from "./redis-server.js";

/** The redis-server of one test file and a client connected to it, both set once its `beforeAll` has run. */
export interface RedisFixture {
  readonly redis: TestRedis;
  readonly client: ReturnType<typeof createClient>;
}

/**
 * Starts a redis-server ({@link startTestRedis}) and connects a client to it before the file's tests, and stops
 * both after them. Read `redis` and `client` inside tests and hooks, not at the file's top level (they are set by
 * then). `stopFirst` runs before the client and the server go (e.g. killing replica processes that use them).
 */
export function useTestRedis(stopFirst?: () => Promise<unknown>): RedisFixture {
  const fixture = {} as { redis: TestRedis; client: ReturnType<typeof createClient> };
  beforeAll(async () => {
    fixture.redis = await startTestRedis();
    fixture.client = createClient({ url: fixture.redis.url });
    await fixture.client.connect();
  }, 300_000);
  afterAll(async () => {
    await stopFirst?.();
    fixture.client?.destroy();
    await fixture.redis?.close();
  });
  return fixture;
}
