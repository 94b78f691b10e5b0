import { StoreUnavailableError } from "../../port/store-error.js";
import { type RedisCommandClient, RedisStore } from "./redis-store.js";
import type { RedisSubscriberClient } from "./redis-watchers.js";

/** The package name of the Redis client, an optional peer dependency of toolwright. */
export const REDIS_PACKAGE = "redis";

/** Options of {@link createRedisStore}. */
export interface CreateRedisStoreOptions {
  /** The server, e.g. `redis://127.0.0.1:6379`; `redis://127.0.0.1:6379` by default. */
  readonly url?: string;
  /** Starts every key; `"toolwright"` by default. */
  readonly prefix?: string;
  /** How long a command (or the first connection) may take before the store counts as unavailable; 2 000 ms. */
  readonly commandTimeoutMs?: number;
}

/** A {@link RedisStore} on a client it owns. */
export interface OwnedRedisStore extends RedisStore {
  /** Closes the client's connection. */
  close(): Promise<void>;
  /** True once `close()` was called: an agent's sweeper (`sweepIntervalMs`) on the store then stops. */
  readonly closed: boolean;
}

interface NodeRedisClient extends RedisCommandClient, RedisSubscriberClient {
  on(event: "error" | "ready", listener: (error?: unknown) => void): unknown;
  connect(): Promise<unknown>;
  destroy(): void;
  duplicate(): NodeRedisClient;
}

/**
 * Connects to Redis with the `redis` package (node-redis) and returns a store on that connection. The client fails
 * commands at once while disconnected (no offline queue, so no call waits on a dead server) and reconnects by itself,
 * so the store recovers when the server returns. A second connection carries subscriptions, so processes waiting for a
 * decision or a result are told of it rather than polling.
 * @throws {Error} naming the package when `redis` is not installed; {@link StoreUnavailableError} when the server
 *   cannot be reached within `commandTimeoutMs`.
 */
export async function createRedisStore(options: CreateRedisStoreOptions = {}): Promise<OwnedRedisStore> {
  const url = options.url ?? "redis://127.0.0.1:6379";
  const timeout = options.commandTimeoutMs ?? 2_000;
  let redis: { createClient(options: object): unknown };
  try {
    redis = (await import("redis")) as unknown as typeof redis;
  } catch (error) {
    throw new Error(
      `createRedisStore needs the optional peer dependency "${REDIS_PACKAGE}", which is not installed. ` +
        `Install it next to toolwright: npm install ${REDIS_PACKAGE}`,
      { cause: error },
    );
  }
  const client = redis.createClient({
    url,
    disableOfflineQueue: true,
    socket: { connectTimeout: timeout, reconnectStrategy: (retries: number) => Math.min(50 * 2 ** retries, 1_000) },
  }) as NodeRedisClient;
  // Without a listener an "error" event (every failed reconnect) would crash the process; commands report failures.
  client.on("error", () => undefined);
  const subscriber = client.duplicate();
  subscriber.on("error", () => undefined);
  const label = redactPassword(url);
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      Promise.all([client.connect(), subscriber.connect()]),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no connection within ${timeout} ms`)), timeout);
      }),
    ]);
  } catch (error) {
    client.destroy();
    subscriber.destroy();
    throw new StoreUnavailableError(`${label} (prefix "${options.prefix ?? "toolwright"}")`, "connect", error);
  } finally {
    clearTimeout(timer);
  }
  const store = new RedisStore({
    client,
    label,
    ...(options.prefix === undefined ? {} : { prefix: options.prefix }),
    commandTimeoutMs: timeout,
    subscriber,
  });
  // `closed` is the store's own: true once close() destroyed the client (node-redis's isOpen).
  const close = async () => {
    client.destroy();
    subscriber.destroy();
  };
  return Object.assign(store, { close }) as OwnedRedisStore;
}

function redactPassword(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = "***";
    return parsed.toString().replace(/\/$/, "");
  } catch {
    return "redis";
  }
}
