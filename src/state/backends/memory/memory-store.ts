import type { RuntimeStore, StoreKind, StoredRecord, TransitionGuard, WriteOptions } from "../../port/runtime-store.js";
import {
  type CappedCreate,
  DEFAULT_PAGE_SIZE,
  type ScopeCap,
  type ScopedStore,
  type StoreChangeListener,
  type StorePage,
  type UnlessFound,
} from "../../port/scope-limits.js";
import { ScopeRecords, type Slot } from "./scope-records.js";
import { type KeyedStore, LOOKUP_KEY_FIELD } from "../../port/keyed-store.js";
import { ownedCopy, sameValue, setField } from "./owned-value.js";
import { checkTransition } from "../../port/transitions.js";

type ByKind<T> = Record<StoreKind, Map<string, T>>;

// One empty map per kind: a record's kind picks its map with a field read, no key built per call.
const byKind = <T>(): ByKind<T> => ({
  approval: new Map(),
  task: new Map(),
  cache: new Map(),
  grant: new Map(),
  session: new Map(),
});

/**
 * Keeps records in this process's memory, with the semantics of a shared store (copies in and out, atomic guarded
 * transitions, expiry, caps per scope, change notices), for one-process apps and tests; every agent without a
 * `store` has one of its own. Expired records are dropped when the store is next used.
 */
export class MemoryStore implements RuntimeStore, ScopedStore, KeyedStore {
  readonly description = "memory (this process)";
  // kind → scope → its records: two map lookups, no key built per call.
  readonly #scopes = byKind<ScopeRecords>();
  readonly #listeners = byKind<Set<StoreChangeListener>>();
  readonly #now: () => number;
  // No record expires before this (a lower bound, ms since the epoch): a sweep before it would find nothing to drop,
  // so the store's writes cost the same however many records it keeps.
  #nextExpiry = Infinity;

  /** Creates an empty store; `now` is its clock (ms since the epoch), `Date.now` by default. */
  constructor(options: { readonly now?: () => number } = {}) {
    this.#now = options.now ?? Date.now;
  }

  async create(kind: StoreKind, record: StoredRecord, options: WriteOptions): Promise<boolean> {
    this.#sweep();
    return this.#insert(kind, record, options);
  }

  async createCapped(
    kind: StoreKind,
    record: StoredRecord,
    options: WriteOptions,
    cap: ScopeCap,
    unless?: UnlessFound,
  ): Promise<CappedCreate> {
    this.#sweep();
    const scope = this.#scopes[kind].get(record.scope);
    if (scope?.slots.has(record.id)) return { created: false, reason: "exists" };
    if (unless !== undefined) {
      const found = unless.scopes.flatMap((each) => [...(this.#scopes[unless.kind].get(each)?.slots.values() ?? [])]);
      if (found.length > 0) return { created: false, reason: "found", found: found.map(read) };
    }
    const evicted: StoredRecord[] = [];
    while (scope && counted(scope, cap, this.#now()) >= cap.max) {
      const oldest = oldestIn(scope, cap.evictable);
      if (!oldest) return { created: false, reason: "full" };
      evicted.push(read(oldest));
      this.#remove(oldest, "evicted");
    }
    this.#insert(kind, record, options);
    return { created: true, evicted };
  }

  async get(kind: StoreKind, scope: string, id: string): Promise<StoredRecord | undefined> {
    const slot = this.#live(kind, scope, id);
    return slot && read(slot);
  }

  async findByKey(kind: StoreKind, scope: string, key: string): Promise<StoredRecord | undefined> {
    const id = this.#scopes[kind].get(scope)?.byKey.get(key);
    const slot = id === undefined ? undefined : this.#live(kind, scope, id);
    return slot && read(slot);
  }

  async transition(
    kind: StoreKind,
    scope: string,
    id: string,
    guard: TransitionGuard,
    patch: Readonly<Record<string, unknown>>,
    options: WriteOptions,
  ): Promise<StoredRecord | undefined> {
    checkTransition(this.description, kind, id, guard, patch);
    const slot = this.#live(kind, scope, id);
    if (!slot || !meets(slot.record, guard, this.#now())) return undefined;
    const before = statusOf(slot);
    if (options.keep) slot.record = kept(slot.record, options.keep);
    this.#write(slot.record, patch, options);
    slot.expiresAt = this.#now() + options.ttlMs;
    this.#nextExpiry = Math.min(this.#nextExpiry, slot.expiresAt);
    const after = statusOf(slot);
    const records = this.#scopes[kind].get(scope)!;
    if (options.indexed === false) records.leave(id, before);
    else if (after !== before) records.enter(id, before, after);
    // A renewal (no fields) changes nothing a waiter reads; any other write is told (e.g. a result after a decision).
    const changed = after !== before || Object.values(patch).some((value) => value !== undefined);
    if (options.notify !== false && changed) this.#tell(kind, scope, id, after);
    return options.returnRecord === false ? { id, scope, status: after } : read(slot);
  }

  async list(kind: StoreKind, scope: string): Promise<StoredRecord[]> {
    this.#sweep();
    return [...(this.#scopes[kind].get(scope)?.slots.values() ?? [])].map(read);
  }

  async listPage(
    kind: StoreKind,
    scope: string,
    statuses: readonly string[],
    page: { readonly after?: string; readonly limit?: number } = {},
  ): Promise<StorePage> {
    this.#sweep();
    const records = this.#scopes[kind].get(scope);
    if (!records) return { records: [] };
    const after = Number(page.after ?? 0);
    const limit = page.limit ?? DEFAULT_PAGE_SIZE;
    const found: [number, Slot][] = [];
    for (const status of statuses) {
      for (const [id, order] of records.entries(status)) {
        const slot = order > after ? records.slots.get(id) : undefined;
        if (slot) found.push([order, slot]);
      }
    }
    found.sort((a, b) => a[0] - b[0]);
    const taken = found.slice(0, limit);
    const pageRecords = taken.map(([, slot]) => read(slot));
    return found.length > limit ? { records: pageRecords, next: String(taken.at(-1)![0]) } : { records: pageRecords };
  }

  async delete(kind: StoreKind, scope: string, id: string): Promise<boolean> {
    const slot = this.#live(kind, scope, id);
    if (!slot) return false;
    this.#remove(slot, "deleted");
    return true;
  }

  async watch(kind: StoreKind, scope: string, listener: StoreChangeListener): Promise<() => void> {
    const byScope = this.#listeners[kind];
    let listeners = byScope.get(scope);
    if (!listeners) byScope.set(scope, (listeners = new Set()));
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0 && byScope.get(scope) === listeners) byScope.delete(scope);
    };
  }

  #insert(kind: StoreKind, record: StoredRecord, options: WriteOptions): boolean {
    let scope = this.#scopes[kind].get(record.scope);
    if (scope?.slots.has(record.id)) return false;
    if (!scope) this.#scopes[kind].set(record.scope, (scope = new ScopeRecords()));
    const owned: Record<string, unknown> = {};
    this.#write(owned, record, options);
    const slot = { kind, scope: record.scope, id: record.id, record: owned, expiresAt: this.#now() + options.ttlMs };
    scope.slots.set(record.id, slot);
    this.#nextExpiry = Math.min(this.#nextExpiry, slot.expiresAt);
    const lookup = owned[LOOKUP_KEY_FIELD];
    if (typeof lookup === "string") scope.byKey.set(lookup, record.id);
    // A new record is not announced (as in Redis): nobody can wait for a record before it exists.
    scope.enter(record.id, undefined, statusOf(slot));
    return true;
  }

  #remove(slot: Slot, as: "deleted" | "evicted" | "expired"): void {
    const byScope = this.#scopes[slot.kind];
    const scope = byScope.get(slot.scope);
    if (!scope) return;
    scope.slots.delete(slot.id);
    scope.leave(slot.id, statusOf(slot));
    const lookup = slot.record[LOOKUP_KEY_FIELD];
    if (typeof lookup === "string" && scope.byKey.get(lookup) === slot.id) scope.byKey.delete(lookup);
    if (scope.slots.size === 0) byScope.delete(slot.scope);
    // An expiry is not announced, as a Redis store cannot announce one either.
    if (as !== "expired") this.#tell(slot.kind, slot.scope, slot.id, as);
  }

  #write(record: Record<string, unknown>, values: Readonly<Record<string, unknown>>, options: WriteOptions): void {
    for (const name of Object.keys(values)) {
      const value = values[name];
      if (value !== undefined) setField(record, name, ownedCopy(value));
    }
    if (options.leaseMs !== undefined) record.leaseUntil = this.#now() + options.leaseMs;
  }

  #live(kind: StoreKind, scope: string, id: string): Slot | undefined {
    const slot = this.#scopes[kind].get(scope)?.slots.get(id);
    if (slot && slot.expiresAt <= this.#now()) {
      this.#remove(slot, "expired");
      return undefined;
    }
    return slot;
  }

  #sweep(): void {
    const now = this.#now();
    if (now < this.#nextExpiry) return;
    let next = Infinity;
    for (const byScope of Object.values(this.#scopes)) {
      for (const scope of [...byScope.values()]) {
        for (const slot of scope.slots.values()) {
          if (slot.expiresAt <= now) this.#remove(slot, "expired");
          else next = Math.min(next, slot.expiresAt);
        }
      }
    }
    this.#nextExpiry = next;
  }

  #tell(kind: StoreKind, scope: string, id: string, status: string): void {
    const listeners = this.#listeners[kind].get(scope);
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

const statusOf = (slot: Slot): string => {
  const status = slot.record.status;
  return status === undefined ? "" : String(status);
};

// The fields a write asked the record to keep, in a fresh object: the rest is no longer held.
function kept(record: Record<string, unknown>, names: readonly string[]): Record<string, unknown> {
  const slim: Record<string, unknown> = { id: record.id, scope: record.scope, status: record.status };
  for (const name of names) if (record[name] !== undefined) slim[name] = record[name];
  return slim;
}

// A record handed out is the caller's copy: changing it changes nothing kept here.
const read = (slot: Slot): StoredRecord => ownedCopy(slot.record) as StoredRecord;

/** Returns true when a record meets a guard at time `now`. */
function meets(record: Record<string, unknown>, guard: TransitionGuard, now: number): boolean {
  if (!guard.from.includes(record.status as string)) return false;
  const { equals } = guard;
  // Keys, not entries: no [name, value] array per field on every guarded write.
  if (equals !== undefined) {
    for (const name of Object.keys(equals)) if (!sameValue(record[name], equals[name])) return false;
  }
  return !guard.leaseExpired || Number(record.leaseUntil ?? 0) + (guard.leaseExpiredForMs ?? 0) <= now;
}

// How many of a scope's records count toward a cap: a leased status counts only records whose lease still runs.
function counted(scope: ScopeRecords, cap: ScopeCap, now: number): number {
  let count = 0;
  for (const status of cap.counted) {
    if (!cap.leasedStatuses?.includes(status)) {
      count += scope.count(status);
      continue;
    }
    for (const [id] of scope.entries(status)) {
      if (Number(scope.slots.get(id)?.record.leaseUntil ?? 0) > now) count += 1;
    }
  }
  return count;
}

// The record that entered one of `statuses` first.
function oldestIn(scope: ScopeRecords, statuses: readonly string[]): Slot | undefined {
  let oldest: [number, Slot] | undefined;
  for (const status of statuses) {
    for (const [id, order] of scope.entries(status)) {
      const slot = scope.slots.get(id);
      if (slot && (!oldest || order < oldest[0])) oldest = [order, slot];
      break;
    }
  }
  return oldest?.[1];
}
