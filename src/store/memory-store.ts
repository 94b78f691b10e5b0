import type { RuntimeStore, StoreKind, StoredRecord, TransitionGuard, WriteOptions } from "./runtime-store.js";

interface Slot {
  /** Each field as JSON text, as a shared store keeps it: a record read back is a copy, never the writer's object. */
  readonly fields: Map<string, string>;
  expiresAt: number;
}

/**
 * Keeps records in this process's memory, with the semantics of a shared store (JSON copies, atomic guarded
 * transitions, expiry), for one-process apps and tests. Expired records are dropped when the store is next used.
 */
export class MemoryStore implements RuntimeStore {
  readonly description = "memory (this process)";
  readonly #slots = new Map<string, Slot>();
  readonly #now: () => number;

  /** Creates an empty store; `now` is its clock (ms since the epoch), `Date.now` by default. */
  constructor(options: { readonly now?: () => number } = {}) {
    this.#now = options.now ?? Date.now;
  }

  async create(kind: StoreKind, record: StoredRecord, options: WriteOptions): Promise<boolean> {
    this.#sweep();
    const key = keyOf(kind, record.scope, record.id);
    if (this.#slots.has(key)) return false;
    const fields = new Map<string, string>();
    this.#write(fields, record, options);
    this.#slots.set(key, { fields, expiresAt: this.#now() + options.ttlMs });
    return true;
  }

  async get(kind: StoreKind, scope: string, id: string): Promise<StoredRecord | undefined> {
    const slot = this.#live(keyOf(kind, scope, id));
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
    this.#write(slot.fields, patch, options);
    slot.expiresAt = this.#now() + options.ttlMs;
    return decode(slot.fields);
  }

  async list(kind: StoreKind, scope: string): Promise<StoredRecord[]> {
    this.#sweep();
    const prefix = keyOf(kind, scope, "");
    const records: StoredRecord[] = [];
    for (const [key, slot] of this.#slots) if (key.startsWith(prefix)) records.push(decode(slot.fields));
    return records;
  }

  async delete(kind: StoreKind, scope: string, id: string): Promise<boolean> {
    const key = keyOf(kind, scope, id);
    return this.#live(key) !== undefined && this.#slots.delete(key);
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
      this.#slots.delete(key);
      return undefined;
    }
    return slot;
  }

  #sweep(): void {
    const now = this.#now();
    for (const [key, slot] of this.#slots) if (slot.expiresAt <= now) this.#slots.delete(key);
  }
}

// JSON text of the scope keeps any name apart from the id that follows it.
const keyOf = (kind: StoreKind, scope: string, id: string) => `${kind}:${JSON.stringify(scope)}:${id}`;

/** Returns true when a record's fields meet a guard at time `now`. */
function meets(fields: Map<string, string>, guard: TransitionGuard, now: number): boolean {
  const status = fields.get("status");
  if (!guard.from.some((from) => JSON.stringify(from) === status)) return false;
  for (const [name, value] of Object.entries(guard.equals ?? {})) {
    if (fields.get(name) !== JSON.stringify(value)) return false;
  }
  return !guard.leaseExpired || Number(fields.get("leaseUntil") ?? 0) <= now;
}

/** Decodes a record's fields (each JSON text) into a fresh object. */
export function decode(fields: Iterable<readonly [string, string]>): StoredRecord {
  const record: Record<string, unknown> = {};
  for (const [name, text] of fields) record[name] = JSON.parse(text) as unknown;
  return record as StoredRecord;
}
