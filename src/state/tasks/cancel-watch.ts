import type { RuntimeStore, StoredRecord } from "../port/runtime-store.js";
import { type StoreChange, isScopedStore } from "../port/scope-limits.js";

/** The field of a running task's record where another process asks for its cancellation (the reason). */
export const CANCEL_FIELD = "cancelRequested";

/** What a {@link CancelWatch} needs of its tasks. */
export interface CancelWatchOptions {
  readonly store: RuntimeStore;
  readonly scope: string;
  /** The ids of the tasks this process runs now. */
  readonly running: () => readonly string[];
  /** Cancels a task this process runs. */
  readonly cancel: (taskId: string, reason: string) => void;
}

/**
 * Stops the tasks this process runs when another process asks (a `tasks/cancel` that reached another replica): that
 * process writes the reason on the task's record, and this one, subscribed to the scope's notices while it runs any
 * task, reads the record and aborts the task. On a store without notices the lease renewal's read carries the
 * request ({@link check}), so a cancel is seen within a third of the lease.
 */
export class CancelWatch {
  readonly #options: CancelWatchOptions;
  #subscribing: Promise<void> | undefined;
  #unwatch: (() => void) | undefined;

  /** Creates a watch; it subscribes only while a task runs here. */
  constructor(options: CancelWatchOptions) {
    this.#options = options;
  }

  /** Subscribes to the scope's notices (once) when a task starts running here. */
  watch(): void {
    const { store, scope } = this.#options;
    if (this.#subscribing !== undefined || !isScopedStore(store)) return;
    this.#subscribing = store
      .watch("task", scope, (change) => this.#changed(change))
      .then(
        (unwatch) => {
          this.#unwatch = unwatch;
          // A request written before the subscription existed was not told: read once now.
          this.#changed(undefined);
          if (this.#options.running().length === 0) this.#stop();
        },
        () => {
          this.#subscribing = undefined;
        },
      );
  }

  /** Drops the subscription once no task runs here any more. */
  settled(): void {
    if (this.#options.running().length === 0 && this.#unwatch !== undefined) this.#stop();
  }

  /** Cancels the task of `record` when another process asked for it. */
  check(record: StoredRecord): void {
    const reason = record[CANCEL_FIELD];
    if (record.status === "running" && typeof reason === "string") this.#options.cancel(record.id, reason);
  }

  #changed(change: StoreChange | undefined): void {
    const running = this.#options.running();
    const ids = change === undefined ? running : running.includes(change.id) ? [change.id] : [];
    for (const id of ids) {
      void this.#options.store.get("task", this.#options.scope, id).then(
        (record) => record && this.check(record),
        () => undefined,
      );
    }
  }

  #stop(): void {
    this.#unwatch?.();
    this.#unwatch = undefined;
    this.#subscribing = undefined;
  }
}
