import { ToolDefinitionError } from "../../errors/errors.js";

/** The scope of the shared `toolRegistry`: the same in every process, so replicas that use it share their records. */
export const SHARED_REGISTRY_SCOPE = "default";

/** The longest name a store keys records by: an agent's or a registry's `scope`, a call's `session`. */
const MAX_NAME_LENGTH = 256;

/**
 * Matches a lone surrogate: half of a UTF-16 pair, as cutting a string in the middle of an emoji leaves. Such text has
 * no UTF-8 form, so it can name nothing in a store (URI-encoding it throws) and is refused where it is given.
 */
export const LONE_SURROGATE = /\p{Cs}/u;

/**
 * Whether `value` can name a scope or a session in a store: a non-empty string of at most {@link MAX_NAME_LENGTH}
 * characters, with no lone surrogate. Every place an app gives one asks this, so all refuse the same names.
 */
export function isStoreName(value: unknown): value is string {
  return (
    typeof value === "string" && value.length > 0 && value.length <= MAX_NAME_LENGTH && !LONE_SURROGATE.test(value)
  );
}

/** How a refused name reads in a message: its type, its length, or that it holds a lone surrogate. */
export function describeName(value: unknown): string {
  if (typeof value !== "string") return typeof value;
  return LONE_SURROGATE.test(value)
    ? "a string with a lone surrogate (half of a UTF-16 pair: cut text at whole characters)"
    : `a string of ${value.length} characters`;
}

/**
 * Checks a scope an app gives (a registry's `scope`, an agent's `scope`): a non-empty string of at most 256
 * characters, with no lone surrogate. Any characters are allowed; {@link storeScope} encodes each part, so no scope
 * can pose as another.
 * @throws {ToolDefinitionError} naming `owner` and what is valid.
 */
export function checkScope(value: unknown, owner: string): string {
  if (isStoreName(value)) return value;
  throw new ToolDefinitionError(
    `${owner}: \`scope\` must be a non-empty string of at most ${MAX_NAME_LENGTH} characters; got ${describeName(value)}.`,
  );
}

/**
 * Returns the scope an agent's records are kept under in a store: the registry's scope (the tenant, shared by
 * replicas that pass the same id), the agent's own `scope` when it has one (a user or a session), and the agent's
 * name. Each part is URI-encoded and the parts joined by `/`, so `("a/b", "c")` and `("a", "b/c")` stay apart.
 */
export function storeScope(registryScope: string, agentScope: string | undefined, agentName: string): string {
  const parts = agentScope === undefined ? [registryScope, "", agentName] : [registryScope, agentScope, agentName];
  // An agent without a scope of its own keeps an empty middle part, which no checked scope can be.
  return parts.map(encodeURIComponent).join("/");
}

// Marks where a sub-scope's own part begins. storeScope URI-encodes its parts, which encodes `#`, so no agent's scope
// holds it.
const SUB_SCOPE = "#";

/**
 * Returns a scope kept beside `home` (its parts URI-encoded after `home` and a `#`): a store that spreads scopes over
 * nodes (Redis Cluster slots) keeps it on `home`'s, so one atomic step can read both. An agent's grants are kept in
 * sub-scopes of its approvals' scope (or its tenant's), so asking for approval and looking for a grant is one step.
 */
export function subScope(home: string, ...parts: readonly string[]): string {
  return `${home}${SUB_SCOPE}${parts.map(encodeURIComponent).join("/")}`;
}

/** Returns the scope `scope` is kept beside: its `home` when made by {@link subScope}, else itself. */
export function homeScope(scope: string): string {
  const cut = scope.indexOf(SUB_SCOPE);
  return cut < 0 ? scope : scope.slice(0, cut);
}
