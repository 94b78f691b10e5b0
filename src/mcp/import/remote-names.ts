import { ToolDefinitionError } from "../../errors/errors.js";
import { TOOL_NAME_PATTERN } from "../../tool/tool-options.js";

const MAX_LENGTH = 64;
const ILLEGAL = /[^a-zA-Z0-9_-]/g;

/**
 * Returns the local name of each remote tool, in order, all matching toolwright's (and OpenAI's, Anthropic's,
 * Gemini's) `^[a-zA-Z0-9_-]{1,64}$`, all different. `wanted[i]` is the name asked for (prefix + name, or the rename);
 * one that is already legal is kept as it is and wins over a mapped one. Any other has each character outside the
 * pattern replaced by `_` (`notes.search` → `notes_search`); when that is too long, or already taken, it is cut and
 * ends in `_` + a hash of the remote name (`…_k3v9x1c`), so the map depends only on the server's names: the same
 * tools get the same local names on every import and in every process.
 * @throws {ToolDefinitionError} when two legal wanted names are the same (a `rename` that maps two tools to one name).
 */
export function legalNames(remote: readonly string[], wanted: readonly string[]): string[] {
  const result: (string | undefined)[] = wanted.map(() => undefined);
  const taken = new Map<string, string>();
  wanted.forEach((name, index) => {
    if (!TOOL_NAME_PATTERN.test(name)) return;
    const other = taken.get(name);
    if (other !== undefined) {
      throw new ToolDefinitionError(
        `importMcpTools: the remote tools "${other}" and "${remote[index]}" would both be named "${name}"; ` +
          "give one of them another name with `rename`.",
      );
    }
    taken.set(name, remote[index]!);
    result[index] = name;
  });
  wanted.forEach((name, index) => {
    if (result[index] !== undefined) return;
    const base = name.replace(ILLEGAL, "_") || "tool";
    let local = base;
    for (let attempt = 0; local.length > MAX_LENGTH || taken.has(local); attempt += 1) {
      const suffix = `_${hash(attempt === 0 ? remote[index]! : `${remote[index]!}#${attempt}`)}`;
      local = base.slice(0, MAX_LENGTH - suffix.length) + suffix;
    }
    taken.set(local, remote[index]!);
    result[index] = local;
  });
  return result as string[];
}

// FNV-1a, 32 bits, in base 36: short, stable across processes and platforms, and no crypto module needed.
function hash(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(36).padStart(7, "0");
}
