import type { RuntimeStore, StoreKind, StoredRecord, TransitionGuard, WriteOptions } from "../../port/runtime-store.js";
import {
  type CappedCreate,
  DEFAULT_PAGE_SIZE,
  type ScopeCap,
  type ScopedStore,
  type StoreChangeListener,
  type StorePage,
} from "../../port/scope-limits.js";
import { StatusIndex } from "./status-index.js";
import { type KeyedStore, LOOKUP_KEY_FIELD } from "../../port/keyed-store.js";

interface Slot {
  readonly kind: StoreKind;
  readonly scope: string;
  readonly id: string;
  /** Each field as JSON text, as a shared store keeps it: a record read back is a copy, never the writer's object. */
  readonly fields: Map<string, string>;
  expiresAt: number;
}

/**
 * Keeps records in this process's memory, with the semantics of a shared store (JSON copies, atomic guarded
 * transitions, expiry, caps per scope, change notices), for one-process apps and tests. Expired records are dropped
 * when the store is next used.
 */
export class MemoryStore implements RuntimeStore, ScopedStore, KeyedStore {
  readonly description = "memory (this process)";
  readonly #slots = new Map<string, Slot>();
  readonly #index = new StatusIndex();
  // kind, scope and lookup key → the id of the record written last with that key.
  readonly #byKey = new Map<string, string>();
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
  ): Promise<CappedCreate> {
    this.#sweep();
    if (this.#slots.has(keyOf(kind, record.scope, record.id))) return { created: false, reason: "exists" };
    const evicted: StoredRecord[] = [];
    while (this.#counted(kind, record.scope, cap) >= cap.max) {
      const oldest = this.#oldest(kind, record.scope, cap.evictable);
      if (!oldest) return { created: false, reason: "full" };
      evicted.push(decode(oldest.fields));
      this.#remove(oldest, "evicted");
    }
    this.#insert(kind, record, options);
    return { created: true, evicted };
  }

  async get(kind: StoreKind, scope: string, id: string): Promise<StoredRecord | undefined> {
    const slot = this.#live(keyOf(kind, scope, id));
    return slot && decode(slot.fields);
  }

  async findByKey(kind: StoreKind, scope: string, key: string): Promise<StoredRecord | undefined> {
    const id = this.#byKey.get(keyOf(kind, scope, JSON.stringify(key)));
    const slot = id === undefined ? undefined : this.#live(keyOf(kind, scope, id));
    return slot && decode(slot.fields);
  }

  async transition(
    kind: StoreKind,
    scope: string,
    id: string,
    guard: TransitionGuard,
    patch: Readonly<Record<string, unknown>>,
    options: WriteOptions,
  ): Promise<StoredRecord | undefined> {
    const slot = this.#live(keyOf(kind, scope, id));
    if (!slot || !meets(slot.fields, guard, this.#now())) return undefined;
    const before = statusOf(slot);
    this.#write(slot.fields, patch, options);
    slot.expiresAt = this.#now() + options.ttlMs;
    this.#nextExpiry = Math.min(this.#nextExpiry, slot.expiresAt);
    const after = statusOf(slot);
    const changed = Object.values(patch).some((value) => value !== undefined);
    if (options.indexed === false) this.#index.leave(kind, scope, id, before);
    else if (after !== before) this.#index.move(kind, scope, id, before, after, true);
    // A renewal (no fields) changes nothing a waiter reads; any other write is told (e.g. a result after a decision).
    if (options.notify !== false && (after !== before || changed)) this.#index.tell(kind, scope, id, after);
    return decode(slot.fields);
  }

  async list(kind: StoreKind, scope: string): Promise<StoredRecord[]> {
    this.#sweep();
    const prefix = keyOf(kind, scope, "");
    const records: StoredRecord[] = [];
    for (const [key, slot] of this.#slots) if (key.startsWith(prefix)) records.push(decode(slot.fields));
    return records;
  }

  async listPage(
    kind: StoreKind,
    scope: string,
    statuses: readonly string[],
    page: { readonly after?: string; readonly limit?: number } = {},
  ): Promise<StorePage> {
    this.#sweep();
    const after = Number(page.after ?? 0);
    const limit = page.limit ?? DEFAULT_PAGE_SIZE;
    const found: [number, Slot][] = [];
    for (const status of statuses) {
      for (const [id, order] of this.#index.entries(kind, scope, status)) {
        const slot = order > after ? this.#slots.get(keyOf(kind, scope, id)) : undefined;
        if (slot) found.push([order, slot]);
      }
    }
    found.sort((a, b) => a[0] - b[0]);
    const taken = found.slice(0, limit);
    const records = taken.map(([, slot]) => decode(slot.fields));
    return found.length > limit ? { records, next: String(taken.at(-1)![0]) } : { records };
  }

  async delete(kind: StoreKind, scope: string, id: string): Promise<boolean> {
    const slot = this.#live(keyOf(kind, scope, id));
    if (!slot) return false;
    this.#remove(slot, "deleted");
    return true;
  }

  async watch(kind: StoreKind, scope: string, listener: StoreChangeListener): Promise<() => void> {
    return this.#index.watch(kind, scope, listener);
  }

  #insert(kind: StoreKind, record: StoredRecord, options: WriteOptions): boolean {
    const key = keyOf(kind, record.scope, record.id);
    if (this.#slots.has(key)) return false;
    const fields = new Map<string, string>();
    this.#write(fields, record, options);
    const slot = { kind, scope: record.scope, id: record.id, fields, expiresAt: this.#now() + options.ttlMs };
    this.#slots.set(key, slot);
    this.#nextExpiry = Math.min(this.#nextExpiry, slot.expiresAt);
    const lookup = record[LOOKUP_KEY_FIELD];
    if (typeof lookup === "string") this.#byKey.set(keyOf(kind, record.scope, JSON.stringify(lookup)), record.id);
    // A new record is not announced (as in Redis): nobody can wait for a record before it exists.
    this.#index.move(kind, record.scope, record.id, undefined, statusOf(slot), true);
    return true;
  }

  #counted(kind: StoreKind, scope: string, cap: ScopeCap): number {
    let count = 0;
    const now = this.#now();
    for (const status of cap.counted) {
      if (!cap.leasedStatuses?.includes(status)) {
        count += this.#index.count(kind, scope, status);
        continue;
      }
      for (const [id] of this.#index.entries(kind, scope, status)) {
        const slot = this.#slots.get(keyOf(kind, scope, id));
        if (slot && Number(slot.fields.get("leaseUntil") ?? 0) > now) count += 1;
      }
    }
    return count;
  }

  #oldest(kind: StoreKind, scope: string, statuses: readonly string[]): Slot | undefined {
    let oldest: [number, Slot] | undefined;
    for (const status of statuses) {
      for (const [id, order] of this.#index.entries(kind, scope, status)) {
        const slot = this.#slots.get(keyOf(kind, scope, id));
        if (slot && (!oldest || order < oldest[0])) oldest = [order, slot];
        break;
      }
    }
    return oldest?.[1];
  }

  #remove(slot: Slot, as: "deleted" | "evicted" | "expired"): void {
    this.#slots.delete(keyOf(slot.kind, slot.scope, slot.id));
    const lookup = slot.fields.get(LOOKUP_KEY_FIELD);
    const pointer = lookup === undefined ? undefined : keyOf(slot.kind, slot.scope, lookup);
    if (pointer !== undefined && this.#byKey.get(pointer) === slot.id) this.#byKey.delete(pointer);
    this.#index.move(slot.kind, slot.scope, slot.id, statusOf(slot), as, as === "expired");
  }

  #write(fields: Map<string, string>, values: Readonly<Record<string, unknown>>, options: WriteOptions): void {
    for (const [name, value] of Object.entries(values)) {
      if (value !== undefined) fields.set(name, JSON.stringify(value));
    }
    if (options.leaseMs !== undefined) fields.set("leaseUntil", String(this.#now() + options.leaseMs));
  }

  #live(key: string): Slot | undefined {
    const slot = this.#slots.get(key);
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
    for (const slot of this.#slots.values()) {
      if (slot.expiresAt <= now) this.#remove(slot, "expired");
      else next = Math.min(next, slot.expiresAt);
    }
    this.#nextExpiry = next;
  }
}

// JSON text of the scope keeps any name apart from the id that follows it.
const keyOf = (kind: StoreKind, scope: string, id: string) => `${kind}:${JSON.stringify(scope)}:${id}`;

const statusOf = (slot: Slot): string => {
  const text = slot.fields.get("status");
  return text === undefined ? "" : String(JSON.parse(text));
};

/** Returns true when a record's fields meet a guard at time `now`. */
function meets(fields: Map<string, string>, guard: TransitionGuard, now: number): boolean {
  const status = fields.get("status");
  if (!guard.from.some((from) => JSON.stringify(from) === status)) return false;
  for (const [name, value] of Object.entries(guard.equals ?? {})) {
    if (fields.get(name) !== JSON.stringify(value)) return false;
  }
  return !guard.leaseExpired || Number(fields.get("leaseUntil") ?? 0) + (guard.leaseExpiredForMs ?? 0) <= now;
}

/** Decodes a record's fields (each JSON text) into a fresh object. */
export function decode(fields: Iterable<readonly [string, string]>): StoredRecord {
  const record: Record<string, unknown> = {};
  for (const [name, text] of fields) record[name] = JSON.parse(text) as unknown;
  return record as StoredRecord;
}
