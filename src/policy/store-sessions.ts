import type { RuntimeStore, StoredRecord } from "../state/port/runtime-store.js";
import type { RepeatGuardOptions } from "../tool/tool.js";
import { PREVIEW_CHARS, type RepeatVerdict } from "./repeat-guard.js";
import type { SessionKeeper } from "./session-keeper.js";

/** How long a session's record is kept after its last write: a day (docs/policy.md). */
export const SESSION_TTL_MS = 24 * 60 * 60 * 1000;

// How often a change retries after another process changed the record between its read and its write. Changes from
// this process never race each other (they queue per session, below), so only other processes' changes use it up.
const MAX_RACES = 20;

/** The fields of a session record; every one is always present (null when unset), so a guard can compare it. */
interface SessionFields {
  readonly streakHash: string | null;
  readonly streak: number;
  readonly preview: string | null;
  readonly untrustedFrom: string | null;
}

const FRESH: SessionFields = { streakHash: null, streak: 0, preview: null, untrustedFrom: null };

/**
 * An agent's sessions on its `store` (records of kind `"session"` under the agent's scope, one per session, kept
 * {@link SESSION_TTL_MS} after the last write): every process that shares the store and the scope counts the same
 * streaks and sees the same untrusted marks. Each change is one compare-and-set on the fields it read, tried again
 * when another process won the race, so two processes' identical calls are counted as two. One process's changes to
 * a session are queued, so a thousand calls of one session at once cost a thousand writes, not a storm of lost races.
 */
export class StoreSessions implements SessionKeeper {
  // The last queued change of each session; a session leaves the map when its queue drains.
  readonly #queues = new Map<string, Promise<unknown>>();

  constructor(
    readonly store: RuntimeStore,
    readonly scope: string,
  ) {}

  count(session: string, hash: string, guard: RepeatGuardOptions): Promise<RepeatVerdict> {
    return this.#queued(session, () => this.#count(session, hash, guard));
  }

  remember(session: string, hash: string, text: string): Promise<void> {
    return this.#queued(session, () => this.#remember(session, hash, text));
  }

  mark(session: string, from: string): Promise<void> {
    return this.#queued(session, () => this.#mark(session, from));
  }

  // Runs `change` after every change of the session queued before it (whether that one succeeded or failed).
  #queued<T>(session: string, change: () => Promise<T>): Promise<T> {
    const before = this.#queues.get(session);
    const result = before === undefined ? change() : before.then(change, change);
    const tail = result.then(
      () => undefined,
      () => undefined,
    );
    this.#queues.set(session, tail);
    void tail.then(() => {
      if (this.#queues.get(session) === tail) this.#queues.delete(session);
    });
    return result;
  }

  async #count(session: string, hash: string, guard: RepeatGuardOptions): Promise<RepeatVerdict> {
    for (let race = 0; race < MAX_RACES; race++) {
      const read = await this.#read(session);
      const same = read.fields.streakHash === hash;
      const next: SessionFields = same
        ? { ...read.fields, streak: read.fields.streak + 1 }
        : { ...read.fields, streakHash: hash, streak: 1, preview: null };
      if (!(await this.#write(session, read, next))) continue;
      const count = next.streak;
      const preview = next.preview ?? undefined;
      if (count >= guard.refuseAt) return { kind: "refuse", count, preview };
      if (count >= guard.nudgeAt && preview !== undefined) return { kind: "nudge", count, preview };
      return { kind: "run" };
    }
    throw new Error(`session "${session}": ${MAX_RACES} writes in a row lost the race to other processes`);
  }

  async #remember(session: string, hash: string, text: string): Promise<void> {
    const read = await this.#read(session);
    // Only the streak's own call's result, and only while the streak is still that call's: a lost race means a newer
    // call of the session moved on, whose result is the one to keep.
    if (read.record === undefined || read.fields.streakHash !== hash) return;
    await this.#write(session, read, { ...read.fields, preview: text.slice(0, PREVIEW_CHARS) });
  }

  async #mark(session: string, from: string): Promise<void> {
    for (let race = 0; race < MAX_RACES; race++) {
      const read = await this.#read(session);
      if (read.fields.untrustedFrom !== null) return;
      if (await this.#write(session, read, { ...read.fields, untrustedFrom: from })) return;
    }
    throw new Error(`session "${session}": could not write its untrusted mark`);
  }

  async untrustedFrom(session: string): Promise<string | undefined> {
    return (await this.#read(session)).fields.untrustedFrom ?? undefined;
  }

  async #read(session: string): Promise<{ record: StoredRecord | undefined; fields: SessionFields }> {
    const record = await this.store.get("session", this.scope, session);
    return { record, fields: record === undefined ? FRESH : fieldsOf(record) };
  }

  // Creates the record, or changes it only if it still holds what was read; false when another process got there first.
  async #write(
    session: string,
    read: { record: StoredRecord | undefined; fields: SessionFields },
    next: SessionFields,
  ) {
    const options = { ttlMs: SESSION_TTL_MS, returnRecord: false };
    if (read.record === undefined) {
      return this.store.create("session", { id: session, scope: this.scope, status: "open", ...next }, options);
    }
    const guard = { from: ["open"], equals: { ...read.fields } };
    return (await this.store.transition("session", this.scope, session, guard, { ...next }, options)) !== undefined;
  }
}

// A record another version wrote may lack a field: read as unset rather than trusted.
function fieldsOf(record: StoredRecord): SessionFields {
  const text = (value: unknown) => (typeof value === "string" ? value : null);
  return {
    streakHash: text(record.streakHash),
    streak: typeof record.streak === "number" ? record.streak : 0,
    preview: text(record.preview),
    untrustedFrom: text(record.untrustedFrom),
  };
}
