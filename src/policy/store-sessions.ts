import type { RuntimeStore, StoredRecord } from "../state/port/runtime-store.js";
import type { RepeatGuardOptions } from "../tool/tool.js";
import { type RepeatVerdict, countCall, rememberResult } from "./repeat-guard.js";
import type { SessionKeeper } from "./session-keeper.js";
import { SessionState } from "./session-table.js";

/** How long a session's record is kept after its last write: a day (docs/policy.md). */
export const SESSION_TTL_MS = 24 * 60 * 60 * 1000;

// How often a batch retries after another process changed the record between its read and its write. Changes from
// this process never race each other (they queue per session, below), so only other processes' changes use it up.
const MAX_RACES = 20;

/** The fields of a session record; every one is always present (null when unset), so a guard can compare it. */
interface SessionFields {
  readonly streakHash: string | null;
  readonly streak: number;
  readonly streakCallId: string | null;
  readonly preview: string | null;
  readonly untrustedFrom: string | null;
}

/** One change of a session: applied to the state read (which it may change), it gives the caller's answer. */
type SessionChange = (state: SessionState) => unknown;

interface QueuedChange {
  readonly change: SessionChange;
  readonly resolve: (answer: unknown) => void;
  readonly reject: (error: unknown) => void;
}

/**
 * An agent's sessions on its `store` (records of kind `"session"` under the agent's scope, one per session, kept
 * {@link SESSION_TTL_MS} after the last write): every process that shares the store and the scope counts the same
 * streaks and sees the same untrusted marks. One process's changes to a session queue behind the one being written,
 * and each batch of them is one read and one compare-and-set on the fields read, applied in the order they came
 * (tried again, the whole batch, when another process won the race): a thousand calls of one session at once cost
 * a few writes, and two processes' identical calls are still counted as two.
 */
export class StoreSessions implements SessionKeeper {
  // The changes of each session waiting for the batch being written; a session leaves the map when it drains.
  readonly #queues = new Map<string, QueuedChange[]>();

  constructor(
    readonly store: RuntimeStore,
    readonly scope: string,
  ) {}

  count(session: string, hash: string, guard: RepeatGuardOptions, callId: string): Promise<RepeatVerdict> {
    return this.#queued(session, (state) => countCall(state, hash, guard, callId));
  }

  remember(session: string, hash: string, text: string): Promise<void> {
    // Only while the streak is still `hash`'s (which no session without a record has): a newer call of the session
    // moved on, and its result is the one to keep.
    return this.#queued(session, (state) => rememberResult(state, hash, text));
  }

  mark(session: string, from: string): Promise<void> {
    return this.#queued(session, (state) => {
      state.untrustedFrom ??= from;
    });
  }

  async untrustedFrom(session: string): Promise<string | undefined> {
    return stateOf(await this.store.get("session", this.scope, session)).untrustedFrom;
  }

  #queued<T>(session: string, change: (state: SessionState) => T): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const queued: QueuedChange = { change, resolve: resolve as (answer: unknown) => void, reject };
      const queue = this.#queues.get(session);
      if (queue !== undefined) return void queue.push(queued);
      const started = [queued];
      this.#queues.set(session, started);
      void this.#drain(session, started);
    });
  }

  // Writes the session's queue a batch at a time (everything queued while the batch before was written), until empty.
  async #drain(session: string, queue: QueuedChange[]): Promise<void> {
    while (queue.length > 0) {
      const batch = queue.splice(0);
      try {
        const answers = await this.#apply(session, batch);
        batch.forEach((queued, i) => queued.resolve(answers[i]));
      } catch (error) {
        for (const queued of batch) queued.reject(error);
      }
    }
    this.#queues.delete(session);
  }

  async #apply(session: string, batch: readonly QueuedChange[]): Promise<unknown[]> {
    for (let race = 0; race < MAX_RACES; race++) {
      const record = await this.store.get("session", this.scope, session);
      const state = stateOf(record);
      const read = fieldsOf(state);
      const answers = batch.map((queued) => queued.change(state));
      const next = fieldsOf(state);
      if (sameFields(read, next) || (await this.#write(session, record, read, next))) return answers;
    }
    throw new Error(`session "${session}": ${MAX_RACES} writes in a row lost the race to other processes`);
  }

  // Creates the record, or changes it only if it still holds what was read; false when another process got there first.
  async #write(session: string, record: StoredRecord | undefined, read: SessionFields, next: SessionFields) {
    const options = { ttlMs: SESSION_TTL_MS, returnRecord: false };
    if (record === undefined) {
      return this.store.create("session", { id: session, scope: this.scope, status: "open", ...next }, options);
    }
    // A record an earlier version wrote has no call id: its guard checks the fields it has (a missing one is not null).
    const equals: { -readonly [K in keyof SessionFields]?: SessionFields[K] } = { ...read };
    if (record.streakCallId === undefined) delete equals.streakCallId;
    const guard = { from: ["open"], equals };
    return (await this.store.transition("session", this.scope, session, guard, { ...next }, options)) !== undefined;
  }
}

// A record another version wrote may lack a field, or hold one of another type: read as unset rather than trusted.
function stateOf(record: StoredRecord | undefined): SessionState {
  const state = new SessionState();
  if (record === undefined) return state;
  const text = (value: unknown) => (typeof value === "string" ? value : undefined);
  state.streakHash = text(record.streakHash);
  state.streak = typeof record.streak === "number" ? record.streak : 0;
  state.streakCallId = text(record.streakCallId);
  state.preview = text(record.preview);
  state.untrustedFrom = text(record.untrustedFrom);
  return state;
}

function fieldsOf(state: SessionState): SessionFields {
  return {
    streakHash: state.streakHash ?? null,
    streak: state.streak,
    streakCallId: state.streakCallId ?? null,
    preview: state.preview ?? null,
    untrustedFrom: state.untrustedFrom ?? null,
  };
}

function sameFields(a: SessionFields, b: SessionFields): boolean {
  return (
    a.streakHash === b.streakHash &&
    a.streak === b.streak &&
    a.streakCallId === b.streakCallId &&
    a.preview === b.preview &&
    a.untrustedFrom === b.untrustedFrom
  );
}
