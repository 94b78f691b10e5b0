/**
 * What a store keeps: pending approvals, background tasks, cached results (`resultCache: "store"`), grants and
 * sessions.
 */
export type StoreKind = "approval" | "task" | "cache" | "grant" | "session";

/**
 * One record in a store: JSON data with an `id`, the `scope` it is listed under (the agent's name), a `status`
 * that only changes through {@link RuntimeStore.transition}, and `leaseUntil` (ms since the epoch, by the store's
 * clock) when a writer holds a lease on it.
 */
export interface StoredRecord {
  readonly id: string;
  readonly scope: string;
  readonly status: string;
  readonly leaseUntil?: number;
  readonly [field: string]: unknown;
}

/** The condition a record must meet for a transition to apply; the check and the write are one atomic step. */
export interface TransitionGuard {
  /** The statuses the record may be in. */
  readonly from: readonly string[];
  /**
   * Fields that must hold exactly these values, compared as their JSON text (so a record's `args` object can be
   * checked to be the one a decision read and validated).
   */
  readonly equals?: Readonly<Record<string, unknown>>;
  /** Requires the record's lease to have run out by the store's clock. */
  readonly leaseExpired?: boolean;
  /** With `leaseExpired`: requires the lease to have run out at least this many ms ago, by the store's clock. */
  readonly leaseExpiredForMs?: number;
}

/** How long a write keeps its record. */
export interface WriteOptions {
  /** The record (and its entry in the scope's list) expires this many ms after the write. */
  readonly ttlMs: number;
  /** Sets `leaseUntil` to the store's clock plus this many ms. */
  readonly leaseMs?: number;
  /**
   * For a transition whose caller only needs to know whether it applied (a lease renewal, a result written): `false`
   * lets the store answer the record's `id`, `scope` and `status` alone instead of reading the whole record back. A
   * store may ignore it and answer the whole record.
   */
  readonly returnRecord?: boolean;
  /**
   * `false` when nobody but the writer can be waiting to hear of this write (the process that requested an approval
   * deciding it itself): the store need not tell the scope's watchers. A store may tell them anyway.
   */
  readonly notify?: boolean;
  /**
   * `false` for a write after which nothing pages through or counts the record by its status (a decided approval):
   * it leaves its scope's status index, so `listPage` and caps no longer see it; `get` and `list` still do.
   */
  readonly indexed?: boolean;
  /**
   * After this write the record keeps only these fields (beside `id`, `scope`, `status` and what the write sets): a
   * decided approval on an agent's own store needs only what refuses a replay, so its arguments are not held in
   * memory for as long as the decision is remembered. A store may ignore it and keep every field.
   */
  readonly keep?: readonly string[];
}

/**
 * Keeps the approvals and background tasks of agents, each record under a scope (its agent's name), so that they outlive a process and are shared by every
 * process that uses the same store. Every method is atomic on its own; every record expires. The in-memory
 * {@link MemoryStore} serves one process; `RedisStore` (from `toolwright/redis`) serves many.
 *
 * Methods reject with a `StoreUnavailableError` (code `STORE_UNAVAILABLE`) when the store cannot be reached.
 */
export interface RuntimeStore {
  /** Names the store in error messages, e.g. `redis://127.0.0.1:6379 (prefix "toolwright")`. */
  readonly description: string;
  /** Writes a new record; resolves false, writing nothing, when one with its id exists. */
  create(kind: StoreKind, record: StoredRecord, options: WriteOptions): Promise<boolean>;
  /** Reads a record of a scope; undefined when there is none (never written, deleted or expired). */
  get(kind: StoreKind, scope: string, id: string): Promise<StoredRecord | undefined>;
  /**
   * Applies `patch` to a record when it meets `guard` (compare-and-set), and resolves with the record as written;
   * undefined, writing nothing, when it does not exist or does not meet the guard.
   */
  transition(
    kind: StoreKind,
    scope: string,
    id: string,
    guard: TransitionGuard,
    patch: Readonly<Record<string, unknown>>,
    options: WriteOptions,
  ): Promise<StoredRecord | undefined>;
  /** Returns the records of one scope still kept, oldest first. */
  list(kind: StoreKind, scope: string): Promise<StoredRecord[]>;
  /** Deletes a record of a scope; resolves false when there was none. */
  delete(kind: StoreKind, scope: string, id: string): Promise<boolean>;
}

/** Returns true when `value` has the methods of a {@link RuntimeStore}. */
export function isRuntimeStore(value: unknown): value is RuntimeStore {
  if (typeof value !== "object" || value === null) return false;
  const store = value as Record<string, unknown>;
  return ["create", "get", "transition", "list", "delete"].every((method) => typeof store[method] === "function");
}
