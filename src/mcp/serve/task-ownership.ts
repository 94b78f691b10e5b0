/**
 * Which tasks one MCP server may answer. A server that lives for a 2025-11-25 session (or a stdio connection) binds
 * every task its calls start to that session: `tasks/list` lists only those, and `tasks/get`, `tasks/result`,
 * `tasks/cancel` of any other id answer as for an unknown task, so one client never sees or stops another's (or the
 * app's own) tasks. A server that answers a single request (stateless HTTP, 2026-07-28) has no session to bind to:
 * there the task id, a random UUID the caller was given, is the only key, and nothing is listed.
 */
export class TaskOwnership {
  readonly #owned: Set<string> | undefined;

  /** Binds tasks to this server's session when `bound`; otherwise answers any task by its id. */
  constructor(bound: boolean) {
    this.#owned = bound ? new Set() : undefined;
  }

  /** Records a task that a call of this server's client started. */
  claim(taskId: string): void {
    this.#owned?.add(taskId);
  }

  /** True when this server's client may read or cancel the task. */
  allows(taskId: string): boolean {
    return this.#owned === undefined || this.#owned.has(taskId);
  }

  /** The ids of the tasks this server's client started (none without a session). */
  ids(): string[] {
    return this.#owned === undefined ? [] : [...this.#owned];
  }

  /** Forgets a task that no longer exists (expired from the store), so a long session's set does not grow for good. */
  forget(taskId: string): void {
    this.#owned?.delete(taskId);
  }
}
