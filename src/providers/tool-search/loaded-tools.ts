/**
 * The deferred tools one conversation has loaded so far, by name: plain JSON the app keeps with the conversation
 * (in memory, a session store, a database row) and passes back on every turn. toolwright keeps no copy of it.
 */
export interface LoadedTools {
  names: string[];
}

/** Creates the state of a conversation that has loaded no deferred tool yet. */
export function createLoadedTools(): LoadedTools {
  return { names: [] };
}

/** Adds tool names to a conversation's loaded tools (each once, in the order they were first found). */
export function addLoadedTools(state: LoadedTools, names: readonly string[]): void {
  if (!Array.isArray(state.names)) {
    throw new TypeError("loadedTools must be { names: string[] }, as createLoadedTools() returns.");
  }
  for (const name of names) if (!state.names.includes(name)) state.names.push(name);
}
