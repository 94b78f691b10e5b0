import type { StoreKind, StoredRecord } from "./runtime-store.js";

/**
 * A cap on the records of one scope, checked in the same atomic step as the create it guards, so replicas racing
 * to add a record can never push the scope past it.
 */
export interface ScopeCap {
  /** The most records of the scope, counting only those in the `counted` statuses. */
  readonly max: number;
  /** The statuses that count toward `max` (e.g. `["pending"]`). */
  readonly counted: readonly string[];
  /**
   * The statuses whose oldest record may be dropped to make room, oldest first across them; empty: a full scope
   * refuses the create instead.
   */
  readonly evictable: readonly string[];
  /**
   * For the statuses in `counted` that hold leases (running tasks): a record whose lease ran out by the store's
   * clock does not count, since its writer is gone and the next reader marks it lost.
   */
  readonly leasedStatuses?: readonly string[];
}

/**
 * Scopes a create reads first, in the same step (see {@link ScopedStore.createCapped}): when any of them holds a
 * record of `kind`, the create writes nothing and answers those records. How a call asks for approval unless the
 * store holds grants that may cover it: one step, not a read and then a write.
 */
export interface UnlessFound {
  readonly kind: StoreKind;
  readonly scopes: readonly string[];
}

/** What a capped create did. */
export type CappedCreate =
  | { readonly created: true; readonly evicted: readonly StoredRecord[] }
  | { readonly created: false; readonly reason: "exists" | "full" }
  /** Records of the `unless` scopes were kept (every one still kept, oldest first per scope): nothing was written. */
  | { readonly created: false; readonly reason: "found"; readonly found: readonly StoredRecord[] };

/** A status change of one record, as {@link ScopedStore.watch} tells it; `status` is `"deleted"` for a deletion. */
export interface StoreChange {
  readonly id: string;
  readonly status: string;
}

/**
 * Told of changes to a scope's records. `undefined` means the channel was (re)established and changes may have been
 * missed meanwhile: read again whatever is waited for.
 */
export type StoreChangeListener = (change: StoreChange | undefined) => void;

/** One page of a scope's records in given statuses, oldest first. */
export interface StorePage {
  readonly records: readonly StoredRecord[];
  /** Pass it as `after` for the next page; undefined on the last page. */
  readonly next?: string;
}

/** The most records one page of a listing reads: each page is one short step in the store. */
export const DEFAULT_PAGE_SIZE = 200;

/**
 * What a store offers beyond the five methods of `RuntimeStore` so that limits hold and idle waiting costs nothing.
 * Both `MemoryStore` and `RedisStore` have all three; a store without them still works, with caps checked by
 * listing (not atomic across processes) and waiting by polling each record (see docs/multi-process.md).
 */
export interface ScopedStore {
  /**
   * Writes a new record unless one with its id exists, or unless its scope holds `cap.max` counted records and none
   * can be evicted; evicted records are deleted, and returned so the caller can tell their owners. With `unless`, the
   * scopes it names are read first: when they hold any record, nothing is written and those records are answered.
   * The read and the create are one atomic step when every scope is kept beside the record's (see `subScope`); a
   * scope kept elsewhere is read in a step before.
   */
  createCapped(
    kind: StoreKind,
    record: StoredRecord,
    options: { readonly ttlMs: number; readonly leaseMs?: number },
    cap: ScopeCap,
    unless?: UnlessFound,
  ): Promise<CappedCreate>;
  /** Reads one page of a scope's records in `statuses`, oldest first (by when they entered their status). */
  listPage(
    kind: StoreKind,
    scope: string,
    statuses: readonly string[],
    page?: { readonly after?: string; readonly limit?: number },
  ): Promise<StorePage>;
  /**
   * Calls `listener` on every status change of a scope's records, made by any process, until the returned function
   * is called. Resolves with undefined when this store cannot notify (then the caller polls).
   */
  watch(kind: StoreKind, scope: string, listener: StoreChangeListener): Promise<(() => void) | undefined>;
}

/** Returns true when `store` has the methods of a {@link ScopedStore}. */
export function isScopedStore(store: object): store is ScopedStore {
  const methods = store as Partial<Record<keyof ScopedStore, unknown>>;
  return (
    typeof methods.createCapped === "function" &&
    typeof methods.listPage === "function" &&
    typeof methods.watch === "function"
  );
}
