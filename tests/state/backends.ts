import { MemoryStore, type RuntimeStore } from "toolwright";
import { RedisStore } from "toolwright/redis";
import { type SuiteRedis, redisForSuite } from "../store/redis-server.js";

/** One backend of the state port, as the behaviour suites run against it. */
export interface Backend {
  readonly name: string;
  /** A fresh, empty store of this backend, and how to let time pass for it. */
  make(): BackendStore;
}

/** A store made by a {@link Backend}. */
export interface BackendStore {
  readonly store: RuntimeStore;
  /**
   * Lets `ms` pass by the store's clock: a memory store's frozen clock is moved on at once; a store that keeps its
   * own clock (Redis) lets it run, and the test waits for what it expects (see {@link eventually}), never a sleep.
   */
  pass(ms: number): void;
}

/**
 * Every backend of the state port, for `describe.each`: a backend added here gets every behaviour suite (approvals,
 * tasks) for free. Call it at the top of a test file: it starts a redis-server for the file's tests.
 */
export function backends(): [string, Backend][] {
  const redis: SuiteRedis = redisForSuite();
  let prefixes = 0;
  const memory: Backend = {
    name: "MemoryStore",
    make() {
      // A frozen clock, moved only by `pass`: expiry and leases never race the machine.
      let now = Date.now();
      return { store: new MemoryStore({ now: () => now }), pass: (ms) => void (now += ms) };
    },
  };
  const redisBackend: Backend = {
    name: "RedisStore",
    make() {
      const prefix = `suite${process.pid}-${(prefixes += 1)}`;
      const store = new RedisStore({ client: redis.client, subscriber: redis.subscriber, prefix });
      return { store, pass: () => undefined };
    },
  };
  return [memory, redisBackend].map((backend) => [backend.name, backend]);
}

/** Resolves once `check` resolves true, reading it every 10 ms, for at most 10 s (then rejects naming `what`). */
export async function eventually(what: string, check: () => Promise<boolean>): Promise<void> {
  for (let waited = 0; waited < 10_000; waited += 10) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`still not true after 10 s: ${what}`);
}
