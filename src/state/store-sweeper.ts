import type { RuntimeStore } from "./port/runtime-store.js";
import { unrefTimer } from "../runtime/unref-timer.js";

/** What a sweep reaches: an agent's approvals and tasks, each able to take over runs whose lease ran out. */
export interface Sweepable {
  readonly approvals: { sweep(): Promise<number> };
  readonly tasks: { sweep(): Promise<number> };
}

/** A store that can say it was closed (`createRedisStore`'s `close()`): a sweeper on it stops. */
interface ClosableStore {
  readonly closed?: boolean;
}

/**
 * Sweeps an agent's approvals and tasks every `intervalMs` (`sweepIntervalMs`): each tick takes over, in this process,
 * the approved calls and background tasks of the agent's scope whose runner stopped renewing its lease, so a run
 * whose replica died finishes even when nobody reads its record. One tick at a time (a slow store never piles them
 * up); a failed tick (the store is unreachable) is tried again at the next. The timer never keeps the process alive,
 * holds the agent's state weakly (a collected agent stops its sweeper) and stops once the store is closed.
 */
export function startSweeper(target: Sweepable, store: RuntimeStore, intervalMs: number): void {
  const held = new WeakRef(target);
  let sweeping = false;
  const timer = setInterval(() => {
    const live = held.deref();
    if (!live || (store as ClosableStore).closed === true) {
      clearInterval(timer);
      return;
    }
    if (sweeping) return;
    sweeping = true;
    void Promise.allSettled([live.approvals.sweep(), live.tasks.sweep()]).then(() => (sweeping = false));
  }, intervalMs);
  unrefTimer(timer);
}
