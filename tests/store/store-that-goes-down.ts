import {
  type RuntimeStore,
  type ScopedStore,
  type StoreKind,
  StoreUnavailableError,
  type StoredRecord,
  type TransitionGuard,
  type WriteOptions,
} from "toolwright";

/**
 * One replica's view of a shared store, which `goDown()` cuts off (every call then rejects with a
 * `StoreUnavailableError`): the replica stops renewing its leases and writing results, as a process that died would,
 * while the other replicas, each with its own view of the same store, carry on.
 */
export class StoreThatGoesDown implements RuntimeStore, ScopedStore {
  readonly description: string;
  #down = false;

  /** Wraps `inner`, which other replicas may share. */
  constructor(readonly inner: RuntimeStore & ScopedStore) {
    this.description = inner.description;
  }

  /** Cuts this view off from the store for good. */
  goDown(): void {
    this.#down = true;
  }

  async create(kind: StoreKind, record: StoredRecord, options: WriteOptions): Promise<boolean> {
    return this.#up(() => this.inner.create(kind, record, options));
  }
  async get(kind: StoreKind, scope: string, id: string): Promise<StoredRecord | undefined> {
    return this.#up(() => this.inner.get(kind, scope, id));
  }
  async transition(
    kind: StoreKind,
    scope: string,
    id: string,
    guard: TransitionGuard,
    patch: Readonly<Record<string, unknown>>,
    options: WriteOptions,
  ): Promise<StoredRecord | undefined> {
    return this.#up(() => this.inner.transition(kind, scope, id, guard, patch, options));
  }
  async list(kind: StoreKind, scope: string): Promise<StoredRecord[]> {
    return this.#up(() => this.inner.list(kind, scope));
  }
  async delete(kind: StoreKind, scope: string, id: string): Promise<boolean> {
    return this.#up(() => this.inner.delete(kind, scope, id));
  }
  createCapped: ScopedStore["createCapped"] = (...args) => this.#up(() => this.inner.createCapped(...args));
  listPage: ScopedStore["listPage"] = (...args) => this.#up(() => this.inner.listPage(...args));
  watch: ScopedStore["watch"] = (...args) => this.#up(() => this.inner.watch(...args));

  async #up<T>(call: () => Promise<T>): Promise<T> {
    if (this.#down) throw new StoreUnavailableError(this.description, "reach the store", new Error("gone"));
    return call();
  }
}
