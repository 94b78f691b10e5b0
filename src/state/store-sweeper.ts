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

type Agents = WeakRef<Sweepable>[];

// The agents of each store, registry, and interval and scope: an app that makes an agent per request on one store
// starts one timer and sweeps each scope once a tick, however many agents it made (it used to start one per agent,
// each listing the same records until its agent was collected).
const sweepers = new WeakMap<RuntimeStore, WeakMap<object, Map<string, Agents>>>();

/**
 * Sweeps an agent's approvals and tasks every `intervalMs` (`sweepIntervalMs`): each tick takes over, in this process,
 * the approved calls and background tasks of the agent's `scope` (its store scope) whose runner stopped renewing its
 * lease, so a run whose replica died finishes even when nobody reads its record. The agents of one `registry` (any
 * object its agents share: a key, never read) that share a store, a scope and an interval share one timer, which
 * sweeps with the newest of them still alive (any of them can run the scope's calls: they are replicas of one
 * another). One tick at a time (a slow store never piles them up); a failed tick (the store is unreachable) is tried
 * again at the next. The timer never keeps the process alive, holds the agents weakly (it stops once every one of
 * them is collected) and stops once the store is closed.
 */
export function startSweeper(
  target: Sweepable,
  store: RuntimeStore,
  registry: object,
  scope: string,
  intervalMs: number,
): void {
  const registries = sweepers.get(store) ?? new WeakMap<object, Map<string, Agents>>();
  const scopes = registries.get(registry) ?? new Map<string, Agents>();
  sweepers.set(store, registries.set(registry, scopes));
  const key = `${intervalMs} ${scope}`;
  const agents = scopes.get(key) ?? [];
  scopes.set(key, agents);
  // A scope already swept: its timer sweeps with this agent too.
  if (agents.push(new WeakRef(target)) > 1) return;
  let sweeping = false;
  const timer = setInterval(() => {
    // The agents collected since the last tick leave the list (so it holds at most an interval's worth of dead ones).
    const live = scopes.get(key)!.filter((held) => held.deref());
    const agent = (store as ClosableStore).closed ? undefined : live.at(-1)?.deref();
    if (!agent) {
      clearInterval(timer);
      scopes.delete(key);
      return;
    }
    scopes.set(key, live);
    if (sweeping) return;
    sweeping = true;
    void Promise.allSettled([agent.approvals.sweep(), agent.tasks.sweep()]).then(() => (sweeping = false));
  }, intervalMs);
  unrefTimer(timer);
}
