import type { StoreKind, StoredRecord } from "./runtime-store.js";

/**
 * The field (`"lookupKey"`) that makes a record findable by key: a record written with a string here is found by
 * {@link KeyedStore.findByKey} with that string until it is deleted or expires, however many records its scope holds.
 * When two records of a scope carry the same key, the one written last is found.
 */
export const LOOKUP_KEY_FIELD = "lookupKey";

/**
 * A store that finds a record by its `lookupKey` field in one short step (an index kept beside the records),
 * never by reading the scope: how an agent finds the approval of a model's tool call. `MemoryStore` and `RedisStore`
 * have it; on a store without it, the approvals read the scope's records to find one (see docs/multi-process.md).
 */
export interface KeyedStore {
  /** Reads the record of a scope written last with `key` in its `lookupKey` field; undefined when none is kept. */
  findByKey(kind: StoreKind, scope: string, key: string): Promise<StoredRecord | undefined>;
}

/** Returns true when `store` has the method of a {@link KeyedStore}. */
export function isKeyedStore(store: object): store is KeyedStore {
  return typeof (store as Partial<KeyedStore>).findByKey === "function";
}
