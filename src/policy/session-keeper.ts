import type { RepeatGuardOptions } from "../tool/tool.js";
import { type RepeatVerdict, countCall, rememberResult } from "./repeat-guard.js";
import { SessionTable } from "./session-table.js";

/** A value now, or once a store answers: the memory keeper answers at once, so a call without a store never waits. */
export type SessionSettled<T> = T | Promise<T>;

/**
 * Where an agent keeps what it knows of its sessions (docs/policy.md): the repeat guard's streaks and the
 * untrusted-output marks. {@link MemorySessions} keeps them in the agent's memory; `StoreSessions` on its `store`, so
 * every process that shares the store sees the same streaks and marks.
 */
export interface SessionKeeper {
  /** Counts call `callId` of `hash` (tool and normalised arguments) in `session`; see `countCall`. */
  count(session: string, hash: string, guard: RepeatGuardOptions, callId: string): SessionSettled<RepeatVerdict>;
  /** Remembers the start of the streak call's result (`text`), while the streak is still `hash`'s. */
  remember(session: string, hash: string, text: string): SessionSettled<void>;
  /** Marks `session` as having received untrusted output from tool `from` (the first mark stays). */
  mark(session: string, from: string): SessionSettled<void>;
  /** The tool whose untrusted output `session` received first; undefined while it received none. */
  untrustedFrom(session: string): SessionSettled<string | undefined>;
}

/** An agent's sessions in its own memory (at most {@link SessionTable.max}, the least recently used forgotten). */
export class MemorySessions implements SessionKeeper {
  readonly table = new SessionTable();

  count(session: string, hash: string, guard: RepeatGuardOptions, callId: string): RepeatVerdict {
    return countCall(this.table.get(session), hash, guard, callId);
  }

  remember(session: string, hash: string, text: string): void {
    const state = this.table.peek(session);
    if (state !== undefined) rememberResult(state, hash, text);
  }

  mark(session: string, from: string): void {
    this.table.get(session).untrustedFrom ??= from;
  }

  untrustedFrom(session: string): string | undefined {
    return this.table.peek(session)?.untrustedFrom;
  }
}
