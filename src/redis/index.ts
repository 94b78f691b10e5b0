// The `toolwright/redis` entry: the Redis store. Its client, `redis` (node-redis), is an optional peer dependency,
// loaded by createRedisStore only, so the main entry never imports it.
export { RedisStore } from "./redis-store.js";
export type { RedisCommandClient, RedisStoreOptions } from "./redis-store.js";
export type { RedisSubscriberClient } from "./redis-watchers.js";
export { createRedisStore } from "./create-redis-store.js";
export type { CreateRedisStoreOptions, OwnedRedisStore } from "./create-redis-store.js";
export { StoreUnavailableError } from "../store/store-error.js";
