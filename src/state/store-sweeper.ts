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

/** Where an agent's runs are kept and who may take them over: its store, its registry, its store scope. */
export interface SweptScope {
  readonly store: RuntimeStore;
  /** The agent's registry (any object it shares with the other agents of that registry): a key, never read. */
  readonly registry: object;
  /** The agent's store scope (its tenant, its own scope, its name). */
  readonly scope: string;
  /** The sweep interval, in ms. */
  readonly intervalMs: number;
}

// One sweeper per store, registry, scope and interval: an app that makes an agent per request on one store starts
// one timer and sweeps each scope once a tick, however many agents it made (it used to start one per agent, each
// listing the same records until its agent was collected).
const sweepers = new WeakMap<RuntimeStore, WeakMap<object, Map<string, ScopeSweeper>>>();

/**
 * Sweeps an agent's approvals and tasks every `intervalMs` (`sweepIntervalMs`): each tick takes over, in this process,
 * the approved calls and background tasks of the agent's scope whose runner stopped renewing its lease, so a run
 * whose replica died finishes even when nobody reads its record. The agents of one registry that share a store, a
 * scope and an interval share one sweeper, which sweeps with the newest of them still alive (any of them can run the
 * scope's calls: they are replicas of one another). One tick at a time (a slow store never piles them up); a failed
 * tick (the store is unreachable) is tried again at the next. The timer never keeps the process alive, holds the
 * agents weakly (it stops once every one of them is collected) and stops once the store is closed.
 */
export function startSweeper(target: Sweepable, where: SweptScope): void {
  let byRegistry = sweepers.get(where.store);
  if (!byRegistry) sweepers.set(where.store, (byRegistry = new WeakMap()));
  let byScope = byRegistry.get(where.registry);
  if (!byScope) byRegistry.set(where.registry, (byScope = new Map()));
  const key = `${where.intervalMs} ${where.scope}`;
  let sweeper = byScope.get(key);
  if (!sweeper) {
    const scopes = byScope;
    sweeper = new ScopeSweeper(where, () => scopes.delete(key));
    byScope.set(key, sweeper);
  }
  sweeper.add(target);
}

// The agents of one scope, held weakly, and the timer that sweeps with one of them.
class ScopeSweeper {
  #agents: WeakRef<Sweepable>[] = [];
  // The list's length after its last pruning: it is pruned again when it doubles, so it holds at most about twice
  // the live agents between ticks however fast agents come and go.
  #pruned = 0;
  #sweeping = false;
  readonly #timer: ReturnType<typeof setInterval>;

  constructor(where: SweptScope, stopped: () => void) {
    const store = where.store as RuntimeStore & ClosableStore;
    this.#timer = setInterval(() => {
      const agent = store.closed === true ? undefined : this.#newestLive();
      if (!agent) {
        clearInterval(this.#timer);
        stopped();
        return;
      }
      if (this.#sweeping) return;
      this.#sweeping = true;
      void Promise.allSettled([agent.approvals.sweep(), agent.tasks.sweep()]).then(() => (this.#sweeping = false));
    }, where.intervalMs);
    unrefTimer(this.#timer);
  }

  add(agent: Sweepable): void {
    this.#agents.push(new WeakRef(agent));
    if (this.#agents.length >= 2 * this.#pruned + 8) this.#prune();
  }

  #newestLive(): Sweepable | undefined {
    this.#prune();
    return this.#agents.at(-1)?.deref();
  }

  #prune(): void {
    this.#agents = this.#agents.filter((held) => held.deref() !== undefined);
    this.#pruned = this.#agents.length;
  }
}
