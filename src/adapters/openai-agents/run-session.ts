/**
 * The session of an OpenAI Agents SDK run: the adapter's `session` when it names one, else the run's own, made once
 * per `RunContext` (the object the runner passes every tool's `needsApproval` and `execute` for the whole run, kept
 * across an interruption resumed from the same `RunState`). A run resumed from a serialised state is a new
 * `RunContext`, so a new session: a conversation that spans runs names its `session`.
 */
export function runSession(context: unknown, session: string | undefined): string | undefined {
  if (session !== undefined) return session;
  if (typeof context !== "object" || context === null) return undefined;
  let id = runSessions.get(context);
  if (id === undefined) runSessions.set(context, (id = `openai-agents-run:${globalThis.crypto.randomUUID()}`));
  return id;
}

// Each run context's session, for as long as the run context lives.
const runSessions = new WeakMap<object, string>();
