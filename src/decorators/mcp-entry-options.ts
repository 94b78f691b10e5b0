import { ToolDefinitionError } from "../errors/errors.js";
import { checkKnownKeys } from "../errors/known-keys.js";
import type { Completer } from "./mcp-entries.js";

/**
 * Checks the options every `@resource` and `@prompt` shares: the known keys (an unknown one throws, named with the
 * closest known one), strings where strings belong, `allowedAgents` as a list of names, and a `complete` entry only
 * for a name in `completable` (a template variable, a prompt argument), each a list of strings or a function.
 * @throws {ToolDefinitionError} naming the option and what is valid.
 */
export function checkMcpEntryOptions(
  options: unknown,
  known: ReadonlySet<string>,
  strings: readonly string[],
  completable: readonly string[],
  where: string,
): asserts options is Record<string, unknown> {
  if (typeof options !== "object" || options === null) {
    throw new ToolDefinitionError(`${where}: options must be an object.`);
  }
  const o = options as Record<string, unknown>;
  checkKnownKeys(o, known, where);
  for (const key of strings) {
    const value = o[key];
    if (value !== undefined && (typeof value !== "string" || value.trim() === "")) {
      throw new ToolDefinitionError(`${where}: \`${key}\` must be a non-empty string.`);
    }
  }
  const agents = o.allowedAgents;
  if (agents !== undefined && (!Array.isArray(agents) || agents.some((name) => typeof name !== "string"))) {
    throw new ToolDefinitionError(`${where}: \`allowedAgents\` must be a list of agent names.`);
  }
  const complete = o.complete;
  if (complete === undefined) return;
  if (typeof complete !== "object" || complete === null) {
    throw new ToolDefinitionError(`${where}: \`complete\` must be an object keyed by ${what(completable)}.`);
  }
  for (const [name, completer] of Object.entries(complete)) {
    if (!completable.includes(name)) {
      throw new ToolDefinitionError(
        `${where}: \`complete.${name}\` names no ${completable.length === 0 ? "variable or argument" : "known one"}; ` +
          `it may name ${what(completable)}.`,
      );
    }
    if (!isCompleter(completer)) {
      throw new ToolDefinitionError(
        `${where}: \`complete.${name}\` must be a list of strings or a function of the typed prefix.`,
      );
    }
  }
}

function isCompleter(value: unknown): value is Completer {
  return typeof value === "function" || (Array.isArray(value) && value.every((item) => typeof item === "string"));
}

function what(names: readonly string[]): string {
  return names.length === 0
    ? "nothing here (there are no variables or arguments)"
    : names.map((n) => `"${n}"`).join(", ");
}
