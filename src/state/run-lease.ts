import type { RuntimeStore, StoredRecord, TransitionGuard } from "./port/runtime-store.js";
import { type TransitionKind, guardOf } from "./port/transitions.js";
import { type Timer, unrefTimer } from "../runtime/unref-timer.js";

/** Which record a run lease is on, who holds it, and how long it lasts. */
export interface RunLeaseOptions {
  readonly store: RuntimeStore;
  /** An approval or a task: its table's `renew` and `takeOver` say from which status the lease is held. */
  readonly kind: TransitionKind;
  readonly scope: string;
  readonly id: string;
  /** The field that names the holder, and the holder (this process's id). */
  readonly field: string;
  readonly owner: string;
  /** How long the lease lasts without renewal, in ms; renewed every third of it. */
  readonly leaseMs: number;
  /** The record's time to live on each renewal, in ms. */
  readonly ttlMs: number;
}

/**
 * What a renewal also carries, for a task: `patch` (fields written with it, e.g. the last progress), and `renewed`,
 * told of the record read back (on a store that cannot notify, how another process's cancel request arrives).
 */
export interface RenewalHooks {
  readonly patch: () => Readonly<Record<string, unknown>>;
  readonly renewed: (record: StoredRecord, patch: Readonly<Record<string, unknown>>) => void;
}

/**
 * A lease on a stored record whose call runs in this process: renewed every third of its length while the call runs,
 * so other replicas leave it alone; when the process dies, renewals stop, and after the lease another replica may
 * {@link takeOverRun take the run over}. When a renewal finds the record held by someone else (this process was cut
 * off from the store longer than the lease), `onLost` runs once: the work's result would reach no one.
 */
export class RunLease {
  readonly #options: RunLeaseOptions;
  readonly #timer: Timer;
  readonly #hooks: RenewalHooks | undefined;
  #held = true;

  /** Starts renewing a lease this process already took (by the transition that set `field` to `owner`). */
  constructor(options: RunLeaseOptions, onLost: () => void, hooks?: RenewalHooks) {
    this.#options = options;
    this.#hooks = hooks;
    this.#timer = setInterval(() => void this.#renew(onLost), Math.max(1, Math.floor(options.leaseMs / 3)));
    unrefTimer(this.#timer);
  }

  /** The guard of a renewal (its kind's `renew` transition): still in its status, still held by this holder. */
  get guard(): TransitionGuard {
    const { kind, field, owner } = this.#options;
    return guardOf(kind, "renew", { equals: { [field]: owner } });
  }

  /** Stops renewing (the call ended, or its result was written). */
  stop(): void {
    this.#held = false;
    clearInterval(this.#timer);
  }

  async #renew(onLost: () => void): Promise<void> {
    const { store, kind, scope, id, leaseMs, ttlMs } = this.#options;
    const hooks = this.#hooks;
    const patch = hooks?.patch() ?? {};
    const renewed = await store
      .transition(kind, scope, id, this.guard, patch, { ttlMs, leaseMs, returnRecord: hooks !== undefined })
      .catch(() => null);
    if (renewed && this.#held) hooks?.renewed(renewed, patch);
    // null: the store is unreachable; try again at the next beat. undefined: another replica took the run over (or
    // marked the task lost), so the work's result would reach no one.
    if (renewed !== undefined || !this.#held) return;
    this.stop();
    onLost();
  }
}

/**
 * Takes over the run of a record whose holder stopped renewing its lease: one compare-and-set, by the store's clock,
 * from `status` with the lease run out, that names `owner` the holder and starts a fresh lease. Of any number of
 * replicas that try at once, one gets the record back; the others get undefined (as when the lease still runs).
 */
export function takeOverRun(
  options: RunLeaseOptions,
  patch: Readonly<Record<string, unknown>> = {},
): Promise<StoredRecord | undefined> {
  const { store, kind, scope, id, field, owner, leaseMs, ttlMs } = options;
  const guard = guardOf(kind, "takeOver", { leaseExpired: true });
  return store.transition(kind, scope, id, guard, { ...patch, [field]: owner }, { ttlMs, leaseMs });
}
