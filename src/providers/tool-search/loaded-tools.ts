/**
 * The deferred tools one conversation has loaded so far, by name: plain JSON the app keeps with the conversation
 * (in memory, a session store, a database row) and passes back on every turn. toolwright keeps no copy of it.
 */
export interface LoadedTools {
  names: string[];
}

const SHAPE = "loadedTools must be { names: string[] }, as createLoadedTools() returns";

/** Creates the state of a conversation that has loaded no deferred tool yet. */
export function createLoadedTools(): LoadedTools {
  return { names: [] };
}

/**
 * Returns the names a conversation's state holds, each once, in the order they were first loaded. The state comes
 * back from wherever the app kept it (a session store, a database row), so it is checked here, where it is read: a
 * name listed twice (an edited or merged record) would list its tool twice, and every exporter refuses that.
 * @throws {TypeError} when the state is not `{ names: string[] }`, naming what is wrong.
 */
export function loadedToolNames(state: LoadedTools): string[] {
  const names: unknown = (state as { names?: unknown } | null | undefined)?.names;
  if (!Array.isArray(names)) throw new TypeError(`${SHAPE}; its names are ${describe(names)}.`);
  const unique = new Set<string>();
  names.forEach((name: unknown, index) => {
    if (typeof name !== "string") throw new TypeError(`${SHAPE}; names[${index}] is ${describe(name)}.`);
    unique.add(name);
  });
  return [...unique];
}

/** Adds tool names to a conversation's loaded tools (each once, in the order they were first found). */
export function addLoadedTools(state: LoadedTools, names: readonly string[]): void {
  const known = new Set(loadedToolNames(state));
  for (const name of names) {
    if (known.has(name)) continue;
    known.add(name);
    state.names.push(name);
  }
}

function describe(value: unknown): string {
  if (value === null) return "null";
  if (value === undefined) return "missing";
  if (Array.isArray(value)) return "an array";
  return typeof value === "string" ? `the string ${JSON.stringify(value.slice(0, 40))}` : `a ${typeof value}`;
}
