import type { StoreKind } from "../../port/runtime-store.js";

/** One record as the memory store keeps it. */
export interface Slot {
  readonly kind: StoreKind;
  readonly scope: string;
  readonly id: string;
  /**
   * The record as the store owns it: copied on the way in and on the way out (see `ownedCopy`), so no caller holds
   * an object the store keeps, and a read parses nothing.
   */
  record: Record<string, unknown>;
  expiresAt: number;
}

// One order for every scope of a store is not needed: pages compare orders within one scope only.
let order = 0;

/**
 * The records of one kind and scope in the memory store: by id, by lookup key, and by status in the order they entered
 * it, which lets the store count a scope's records, evict its oldest and page through it without scanning anything.
 */
export class ScopeRecords {
  readonly slots = new Map<string, Slot>();
  /** Lookup key → the id of the record written last with it. */
  readonly byKey = new Map<string, string>();
  // status → id → order number (a Map keeps insertion order, so each inner map is oldest first).
  readonly #byStatus = new Map<string, Map<string, number>>();

  /** Records that `id` entered `status`, leaving `from` when given. */
  enter(id: string, from: string | undefined, status: string): void {
    if (from !== undefined) this.#byStatus.get(from)?.delete(id);
    let ids = this.#byStatus.get(status);
    if (!ids) this.#byStatus.set(status, (ids = new Map()));
    ids.set(id, (order += 1));
  }

  /** Takes `id` out of the status index (it was in `from`); the record stays, unindexed. */
  leave(id: string, from: string): void {
    this.#byStatus.get(from)?.delete(id);
  }

  /** The ids in `status`, oldest first, each with its order number. */
  entries(status: string): Iterable<[string, number]> {
    return this.#byStatus.get(status)?.entries() ?? [];
  }

  /** How many ids are in `status`. */
  count(status: string): number {
    return this.#byStatus.get(status)?.size ?? 0;
  }
}
