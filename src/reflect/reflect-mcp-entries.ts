import { type McpEntry, type PromptEntry, type ResourceEntry, ownMcpEntries } from "../decorators/mcp-entries.js";
import { ToolDefinitionError } from "../errors/errors.js";

/** A class's resources and prompts, each list in declaration order (base class first). */
export interface McpEntries {
  readonly resources: readonly ResourceEntry[];
  readonly prompts: readonly PromptEntry[];
}

const byClass = new WeakMap<object, McpEntries>();
const NONE: McpEntries = Object.freeze({ resources: Object.freeze([]), prompts: Object.freeze([]) });

/**
 * Returns a class's `@resource` and `@prompt` methods, own and inherited, walked once per constructor and cached. A
 * subclass that re-decorates a method replaces its parent's entry, as for tools. Fixed: the set is the class's, so it
 * never changes while a server runs.
 * @throws {ToolDefinitionError} when two methods declare one resource URI, or one prompt name.
 */
export function reflectMcpEntries(ctor: object): McpEntries {
  const cached = byClass.get(ctor);
  if (cached) return cached;
  const chain: object[] = [];
  for (let c: object | null = ctor; c && c !== Function.prototype; c = Object.getPrototypeOf(c)) chain.unshift(c);
  const byMethod = new Map<string, McpEntry>();
  for (const owner of chain) for (const entry of ownMcpEntries(owner)) byMethod.set(entry.method, entry);
  if (byMethod.size === 0) {
    byClass.set(ctor, NONE);
    return NONE;
  }
  const resources: ResourceEntry[] = [];
  const prompts: PromptEntry[] = [];
  const label = (ctor as { name?: string }).name || "(anonymous class)";
  for (const entry of byMethod.values()) {
    if (entry.kind === "resource") {
      const other = resources.find((r) => r.uri === entry.uri);
      if (other) clash(label, other.method, entry.method, `the resource "${entry.uri}"`);
      resources.push(entry);
    } else {
      const other = prompts.find((p) => p.name === entry.name);
      if (other) clash(label, other.method, entry.method, `the prompt "${entry.name}"`);
      prompts.push(entry);
    }
  }
  const entries: McpEntries = Object.freeze({ resources: Object.freeze(resources), prompts: Object.freeze(prompts) });
  byClass.set(ctor, entries);
  return entries;
}

function clash(label: string, first: string, second: string, what: string): never {
  throw new ToolDefinitionError(`${label}: methods "${first}" and "${second}" both declare ${what}; rename one.`);
}
