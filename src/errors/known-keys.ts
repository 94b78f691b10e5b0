import { closestName } from "./closest-name.js";
import { ToolDefinitionError } from "./errors.js";

/**
 * Names other libraries give an option that toolwright spells otherwise, too far from ours for the edit distance to
 * find: the AI SDK's `needsApproval` is our `requiresApproval`. The first target the surface knows is offered.
 */
const FOREIGN_NAMES: Readonly<Record<string, readonly string[]>> = {
  needsApproval: ["requiresApproval"],
  needApproval: ["requiresApproval"],
  approval: ["requiresApproval"],
  timeout: ["timeoutMs", "defaultTimeoutMs"],
  retries: ["maxRetries"],
  scopes: ["authScopes"],
};

// Past this length a key is no typo of an option name, and the edit distance (quadratic in it) is not worth paying.
const MAX_HINTED_LENGTH = 64;

/**
 * The closest known key to `key`: another library's name for it, or a name a typo away (case, a letter or two, two
 * neighbours swapped); undefined when none is close.
 */
export function closestKey(key: string, known: ReadonlySet<string>): string | undefined {
  const foreign = Object.hasOwn(FOREIGN_NAMES, key) ? FOREIGN_NAMES[key]!.find((name) => known.has(name)) : undefined;
  if (foreign !== undefined) return foreign;
  return key.length > MAX_HINTED_LENGTH ? undefined : closestName(key, known);
}

/**
 * The message about an unknown key: its first sentence names the key and the closest known key, the second lists
 * what is valid.
 */
export function unknownKeyMessage(where: string, key: string, known: ReadonlySet<string>): string {
  const hint = closestKey(key, known);
  const shown = key.length > MAX_HINTED_LENGTH ? `${key.slice(0, MAX_HINTED_LENGTH)}…` : key;
  const first = hint
    ? `\`${shown}\` is not an option; did you mean \`${hint}\`?`
    : `\`${shown}\` is not an option; it would be ignored.`;
  return `${where}: ${first} Valid options: ${[...known].join(", ")}.`;
}

/**
 * Throws when `options` has an own key that `known` does not list, so a misspelt option (`requireApproval`,
 * `timeout`) fails where it is written instead of being ignored where it matters. One check for every options object
 * a developer writes: tool options, agent and call options, exporters' and `serveMcp`'s.
 * @throws {ToolDefinitionError} (or the error `make` builds) naming `where`, the key and the closest known key.
 */
export function checkKnownKeys(
  options: object,
  known: ReadonlySet<string>,
  where: string,
  make: (message: string) => Error = (message) => new ToolDefinitionError(message),
): void {
  // for...in with a hasOwn test, not Object.keys: no array is made for the usual object of known keys.
  for (const key in options) {
    if (!known.has(key) && Object.hasOwn(options, key)) throw make(unknownKeyMessage(where, key, known));
  }
}
