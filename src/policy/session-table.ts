/**
 * What toolwright remembers of one session: the streak of identical calls the repeat guard counts, and whether (and
 * from which tool) the session received untrusted output.
 */
export class SessionState {
  /** The hash (tool and normalised arguments) of the session's last call, and how many times in a row it came. */
  streakHash: string | undefined = undefined;
  /** See {@link SessionState.streakHash}. */
  streak = 0;
  /**
   * The id of the call the streak last counted: the same call counted again (a framework's approval question, then
   * its run) is one call, not a repeat.
   */
  streakCallId: string | undefined = undefined;
  /** The start of the last result of the streak's call, for the repeat guard's note. */
  preview: string | undefined = undefined;
  /** The tool whose untrusted output the session received first; undefined while it received none. */
  untrustedFrom: string | undefined = undefined;
}

/** The most sessions an agent remembers; beyond it the one used longest ago is forgotten (docs/policy.md). */
export const MAX_SESSIONS = 10_000;

/**
 * An agent's sessions, by id, in memory: at most `max`, the least recently used forgotten first, so an agent that
 * serves many conversations keeps a bounded amount. A forgotten session starts again unmarked, with no streak.
 */
export class SessionTable {
  readonly #sessions = new Map<string, SessionState>();

  constructor(readonly max: number = MAX_SESSIONS) {}

  /** The state of session `id`, made on first use; using it makes it the most recent. */
  get(id: string): SessionState {
    const sessions = this.#sessions;
    let state = sessions.get(id);
    if (state !== undefined) {
      sessions.delete(id);
    } else {
      state = new SessionState();
      if (sessions.size >= this.max) sessions.delete(sessions.keys().next().value!);
    }
    sessions.set(id, state);
    return state;
  }

  /** The state of session `id` if it is remembered, without making it. */
  peek(id: string): SessionState | undefined {
    return this.#sessions.get(id);
  }

  /** Forgets session `id` (its streak and its untrusted mark). */
  forget(id: string): boolean {
    return this.#sessions.delete(id);
  }
}
