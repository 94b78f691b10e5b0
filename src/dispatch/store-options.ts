import type { RuntimeStore } from "../state/port/runtime-store.js";
import { MemoryStore } from "../state/backends/memory/memory-store.js";

/** Runtime options that keep approvals and background tasks in a shared store. */
export interface StoreOptions {
  /**
   * Keeps pending approvals and background tasks in this store instead of this process's memory, so they survive a
   * restart and every process whose agent has the same registry scope, `scope` and name shares them (`RedisStore` from `toolwright/redis`).
   * Without one, both live in a `MemoryStore` of the agent's own, in this process.
   */
  readonly store?: RuntimeStore;
  /**
   * With a store: the scope of this agent's records within its registry's (e.g. a user or a session id). Only agents
   * with the same registry scope, scope and name list, decide or read them. Default: none (the registry's scope and
   * the agent's name alone).
   */
  readonly scope?: string;
  /**
   * With a store: how long the run lease of a background task or an approved call lasts without renewal, in ms;
   * default 30 s. When the replica running one dies, another takes it over once the lease has run out.
   */
  readonly leaseMs?: number;
  /**
   * How long an approval stays pending before it expires and can never run, in ms; default 24 h. It holds with the
   * agent's own memory store (no `store`) too.
   */
  readonly approvalTtlMs?: number;
  /**
   * With a store that cannot notify (no `watch`, or a `RedisStore` without a subscriber): how often a process reads
   * the records it waits for (decisions and results made elsewhere), in ms; default 500. A store that notifies is
   * read only when a record changes.
   */
  readonly storePollMs?: number;
  /**
   * With a store shared between processes (any `store` but a `MemoryStore`, e.g. a `RedisStore`): sweeps the agent's
   * scope every this many ms, taking over (here) each approved call and background task whose runner stopped
   * renewing its lease, as `agent.approvals.sweep()` and `agent.tasks.sweep()` do; so a run whose replica died
   * finishes even when nobody reads its record. Of any number of replicas sweeping, one takes each run. A task whose
   * tool this agent lacks is marked `lost` once its lease has been out for `max(leaseMs, 3 × sweepIntervalMs)`, so
   * replicas that have the tool take it over first. Default: `leaseMs` (30 s) with such a store; `false` turns the
   * sweeper off (a run is then taken over only when a replica reads its record: a waiter, a listing, a fetch). A
   * `MemoryStore` is never swept unless asked for (it lives and dies with its process). The timer starts with the
   * agent, never keeps the process alive, and stops when the store is closed or the agent is collected; the agents of
   * one registry that share a store, a scope and an interval share one timer (one sweep of the scope a tick).
   */
  readonly sweepIntervalMs?: number | false;
}

/** The run lease of an approved call or a background task without `leaseMs`, in ms; also the default sweep interval. */
export const DEFAULT_LEASE_MS = 30_000;

/**
 * The sweep interval an agent's options come to: the one asked for, none for `false`, and by default `leaseMs` for a
 * store shared between processes (every store but a `MemoryStore`, which lives and dies with its process).
 */
export function sweepInterval(options: StoreOptions, defaultLeaseMs: number): number | undefined {
  const { store, sweepIntervalMs } = options;
  if (!store || sweepIntervalMs === false) return undefined;
  if (sweepIntervalMs !== undefined) return sweepIntervalMs;
  return store instanceof MemoryStore ? undefined : (options.leaseMs ?? defaultLeaseMs);
}
