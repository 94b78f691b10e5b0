// The `toolwright/redis` entry: the Redis store. Its client, `redis` (node-redis), is an optional peer dependency,
// loaded by createRedisStore only, so the main entry never imports it.
export { RedisStore } from "../state/backends/redis/redis-store.js";
export type { RedisCommandClient, RedisStoreOptions } from "../state/backends/redis/redis-store.js";
export type { RedisSubscriberClient } from "../state/backends/redis/redis-watchers.js";
export { createRedisStore } from "../state/backends/redis/create-redis-store.js";
export type { CreateRedisStoreOptions, OwnedRedisStore } from "../state/backends/redis/create-redis-store.js";
export { StoreRecordError, StoreUnavailableError } from "../state/port/store-error.js";
