import type { StoreKind } from "../../port/runtime-store.js";
import type { StoreChangeListener } from "../../port/scope-limits.js";

/**
 * The in-memory store's index of records by scope and status, in the order they entered their status, and the
 * listeners of each scope: what lets `MemoryStore` count a scope's records, evict its oldest and page through it
 * without scanning every record.
 */
export class StatusIndex {
  // scope key → status → id → order number (a Map keeps insertion order, so each inner map is oldest first).
  readonly #byStatus = new Map<string, Map<string, Map<string, number>>>();
  readonly #listeners = new Map<string, Set<StoreChangeListener>>();
  #order = 0;

  /**
   * Records that `id` entered `status` (leaving `from`, when given; `"deleted"` and `"evicted"` leave the index) and
   * tells the scope's listeners, unless `quiet` (an expiry, which a Redis store cannot announce either).
   */
  move(kind: StoreKind, scope: string, id: string, from: string | undefined, status: string, quiet = false): void {
    const key = scopeKey(kind, scope);
    if (from !== undefined) this.#statuses(key).get(from)?.delete(id);
    if (status !== "deleted" && status !== "evicted") {
      const statuses = this.#statuses(key);
      let ids = statuses.get(status);
      if (!ids) statuses.set(status, (ids = new Map()));
      ids.set(id, (this.#order += 1));
    }
    if (from !== status && !quiet) this.#tell(key, id, status);
  }

  /** Takes `id` out of the index (it was in `from`), telling no one: the record stays, unindexed. */
  leave(kind: StoreKind, scope: string, id: string, from: string): void {
    this.#byStatus.get(scopeKey(kind, scope))?.get(from)?.delete(id);
  }

  /** The ids of a scope in `status`, oldest first, each with its order number. */
  entries(kind: StoreKind, scope: string, status: string): Iterable<[string, number]> {
    return this.#byStatus.get(scopeKey(kind, scope))?.get(status)?.entries() ?? [];
  }

  /** How many ids of a scope are in `status`. */
  count(kind: StoreKind, scope: string, status: string): number {
    return this.#byStatus.get(scopeKey(kind, scope))?.get(status)?.size ?? 0;
  }

  /** Adds a listener of a scope's changes; returns the function that removes it. */
  watch(kind: StoreKind, scope: string, listener: StoreChangeListener): () => void {
    const key = scopeKey(kind, scope);
    let listeners = this.#listeners.get(key);
    if (!listeners) this.#listeners.set(key, (listeners = new Set()));
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0) this.#listeners.delete(key);
    };
  }

  #statuses(key: string): Map<string, Map<string, number>> {
    let statuses = this.#byStatus.get(key);
    if (!statuses) this.#byStatus.set(key, (statuses = new Map()));
    return statuses;
  }

  /** Tells a scope's listeners that a record changed without changing its status. */
  tell(kind: StoreKind, scope: string, id: string, status: string): void {
    this.#tell(scopeKey(kind, scope), id, status);
  }

  #tell(key: string, id: string, status: string): void {
    const listeners = this.#listeners.get(key);
    if (!listeners) return;
    // Told after the write's own promise settles, as a store across a network would be; a throwing listener is its own.
    for (const listener of listeners) {
      queueMicrotask(() => {
        try {
          listener({ id, status });
        } catch {
          // A listener's failure is not the store's.
        }
      });
    }
  }
}

const scopeKey = (kind: StoreKind, scope: string) => `${kind}:${JSON.stringify(scope)}`;
