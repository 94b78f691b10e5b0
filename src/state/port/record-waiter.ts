import type { RuntimeStore, StoreKind, StoredRecord } from "./runtime-store.js";
import { type StoreChange, isScopedStore } from "./scope-limits.js";
import { type Timer, unrefTimer } from "../../runtime/unref-timer.js";

/** Where a {@link RecordWaiter} waits and how it reads a record. */
export interface RecordWaiterOptions {
  readonly store: RuntimeStore;
  readonly kind: StoreKind;
  readonly scope: string;
  /** Reads a record (a task reader also marks an expired lease lost); `null` when the store cannot be reached now. */
  readonly read: (id: string) => Promise<StoredRecord | undefined | null>;
  /** True when the wait for a record is over (a decision with its result, a finished task). */
  readonly isFinal: (record: StoredRecord) => boolean;
  /**
   * When to read a record again with no notice of a change (ms since the epoch): when a pending approval expires,
   * or a running task's lease runs out. Undefined: only on a notice.
   */
  readonly recheckAt: (record: StoredRecord) => number | undefined;
  /** How often to read each waited record when the store cannot notify, in ms. */
  readonly pollMs: number;
}

interface Waiting {
  readonly settle: (record: StoredRecord | undefined) => void;
  /** Ends the wait with `error`: the store was closed, and will never answer. */
  readonly fail: (error: unknown) => void;
  timer?: Timer;
}

// A store that says it was closed for good (createRedisStore's `close()`, a RedisStore whose client was closed).
const isClosed = (store: RuntimeStore): boolean => (store as { readonly closed?: unknown }).closed === true;

const MAX_TIMER_MS = 2 ** 31 - 1;
// How long the subscription outlives the last wait: a process that requests and decides approvals one after another
// would otherwise subscribe (a round trip before each write) and unsubscribe for every one of them.
const LINGER_MS = 5_000;

/**
 * Waits for records of one scope to reach a final state. On a store that notifies (`watch`), it reads a record
 * only when told it changed, when its own clock says so (`recheckAt`) or after the notice channel reconnected: an
 * idle process that waits on 40,000 records sends nothing. On a store that cannot notify it reads each waited record
 * every `pollMs`, as before. Its timers never keep the process alive.
 */
export class RecordWaiter {
  readonly #options: RecordWaiterOptions;
  readonly #waiting = new Map<string, Waiting>();
  #subscribing: Promise<boolean> | undefined;
  #unwatch: (() => void) | undefined;
  #poller: Timer | undefined;
  #linger: Timer | undefined;

  /** Creates a waiter; it watches the store only while something is waited for. */
  constructor(options: RecordWaiterOptions) {
    this.#options = options;
  }

  /**
   * Subscribes to the scope's notices (once); resolves true when the store notifies. Call it before writing a
   * record that will be waited for, so no change is missed; a failed subscription falls back to polling.
   */
  ready(): Promise<boolean> {
    const { store, kind, scope } = this.#options;
    if (!isScopedStore(store)) return Promise.resolve(false);
    clearTimeout(this.#linger);
    this.#linger = undefined;
    this.#subscribing ??= store
      .watch(kind, scope, (change) => this.#changed(change))
      .then(
        (unwatch) => {
          this.#unwatch = unwatch;
          return unwatch !== undefined;
        },
        () => {
          this.#subscribing = undefined;
          return false;
        },
      );
    return this.#subscribing;
  }

  /**
   * Resolves with the record once it is final, or undefined once it is gone (deleted, evicted or expired); rejects
   * with the store's error when a read fails on a store that says it was closed (it will never answer again).
   * `record`: the record as just written here, after {@link RecordWaiter.ready}; without it (or when the
   * subscription had to be made again meanwhile) the record is read once now, as it may have changed unnoticed.
   */
  async wait(id: string, record?: StoredRecord): Promise<StoredRecord | undefined> {
    const fresh = this.#subscribing === undefined;
    const notifies = await this.ready();
    const done = new Promise<StoredRecord | undefined>((resolve, reject) => {
      const previous = this.#waiting.get(id);
      this.#waiting.set(id, {
        settle: (result) => {
          previous?.settle(result);
          resolve(result);
        },
        fail: (error) => {
          previous?.fail(error);
          reject(error);
        },
      });
    });
    if (record && !fresh) this.#schedule(id, record);
    else void this.#check(id);
    if (!notifies) this.#poll();
    return done;
  }

  /** Stops waiting for `id`: its wait never settles. */
  forget(id: string): void {
    const waiting = this.#waiting.get(id);
    clearTimeout(waiting?.timer);
    this.#waiting.delete(id);
    this.#idle();
  }

  #changed(change: StoreChange | undefined): void {
    if (change === undefined) {
      for (const id of this.#waiting.keys()) void this.#check(id);
    } else if (this.#waiting.has(change.id)) {
      if (change.status === "deleted" || change.status === "evicted") this.#settle(change.id, undefined);
      else void this.#check(change.id);
    }
  }

  async #check(id: string): Promise<void> {
    if (!this.#waiting.has(id)) return;
    let record: StoredRecord | undefined | null;
    try {
      record = await this.#options.read(id);
    } catch (error) {
      // A closed store never answers again: the wait ends with its error, rather than polling it for good. Any other
      // failure is an outage: a notice, the poller or the reconnection reads the record again.
      if (isClosed(this.#options.store)) this.#fail(id, error);
      return;
    }
    // null: the store is unreachable for now (as above).
    if (record === null || !this.#waiting.has(id)) return;
    if (record === undefined || this.#options.isFinal(record)) this.#settle(id, record);
    else this.#schedule(id, record);
  }

  #schedule(id: string, record: StoredRecord): void {
    const waiting = this.#waiting.get(id);
    if (!waiting) return;
    clearTimeout(waiting.timer);
    const at = this.#options.recheckAt(record);
    if (at === undefined) return;
    // A record's time that is not a number (written outside toolwright) makes `at` NaN, and a timer of NaN ms fires at
    // once: such a record is read again every `pollMs`, as on a store that cannot notify, never in a busy loop.
    const delay = Number.isNaN(at) ? this.#options.pollMs : Math.max(1, at - Date.now());
    waiting.timer = setTimeout(() => void this.#check(id), Math.min(MAX_TIMER_MS, delay));
    unrefTimer(waiting.timer);
  }

  #settle(id: string, record: StoredRecord | undefined): void {
    const waiting = this.#waiting.get(id);
    if (!waiting) return;
    clearTimeout(waiting.timer);
    this.#waiting.delete(id);
    waiting.settle(record);
    this.#idle();
  }

  #fail(id: string, error: unknown): void {
    const waiting = this.#waiting.get(id);
    if (!waiting) return;
    clearTimeout(waiting.timer);
    this.#waiting.delete(id);
    waiting.fail(error);
    this.#idle();
  }

  // One pass at a time over the waited records, one read after another, then a pause: a store that cannot notify
  // is read at the pace it answers, never flooded.
  #poll(): void {
    if (this.#poller) return;
    // Each loop has its own timer: a loop whose timer was replaced or cleared (the waiter went idle meanwhile) ends.
    const pass = async (own: Timer) => {
      for (const id of [...this.#waiting.keys()]) await this.#check(id);
      if (this.#poller !== own) return;
      this.#poller = this.#waiting.size === 0 ? undefined : next();
    };
    const next = (): Timer => {
      const timer: Timer = setTimeout(() => void pass(timer), this.#options.pollMs);
      return unrefTimer(timer);
    };
    this.#poller = next();
  }

  // With nothing left to wait for, the poller goes at once and the subscription a few seconds later (unless a new
  // wait comes first): an agent that waits for nothing costs nothing.
  #idle(): void {
    if (this.#waiting.size > 0) return;
    clearTimeout(this.#poller);
    this.#poller = undefined;
    if (this.#subscribing === undefined || this.#linger) return;
    this.#linger = setTimeout(() => {
      this.#linger = undefined;
      if (this.#waiting.size > 0) return;
      this.#unwatch?.();
      this.#unwatch = undefined;
      this.#subscribing = undefined;
    }, LINGER_MS);
    unrefTimer(this.#linger);
  }
}
