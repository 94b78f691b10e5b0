import { type ToolEntry, ownToolEntries } from "../decorators/metadata.js";
import { ToolDefinitionError } from "../errors/errors.js";
import type { ToolDefinition } from "../tool/tool-definition.js";
import { TOOL_DEFINITION, isToolSource } from "../tool/tool-source.js";
import { methodDefinition } from "./method-definition.js";
import { checkAppViewLinks } from "./app-view-links.js";

const byClass = new WeakMap<object, readonly ToolDefinition[]>();

/**
 * Returns a class's own tools: its decorated methods (own and inherited), then the `BaseTool` instances listed in the
 * `static tools` of it and its ancestors. The one inheritance walk, cached once per constructor: the cost is paid once
 * per class, never per instance. A subclass that re-decorates a method replaces the parent's entry; one that overrides
 * without re-decorating keeps the parent's definition (the override runs, since dispatch calls the method by name); a
 * subclass that lists a tool of a name an ancestor listed replaces it.
 * @throws {ToolDefinitionError} when two methods claim one tool name, a builtin method does not match its params,
 *   `static tools` is not a list of tool instances, two tools share a name, or a tool's `ui` names a view the class
 *   does not declare.
 */
export function reflectTools(ctor: abstract new (...args: never[]) => object): readonly ToolDefinition[] {
  const cached = byClass.get(ctor);
  if (cached) return cached;
  // Walk constructors, not metadata prototypes: swc does not link a subclass's metadata object to its parent's.
  const chain: object[] = [];
  for (let c: object | null = ctor; c && c !== Function.prototype; c = Object.getPrototypeOf(c)) chain.unshift(c);
  // Entries in declaration order, base first; a re-decorated override takes its parent's place. Parallel lists and
  // indexed loops: this runs once per class, but over every method, in a process's first (interpreted) definition.
  const entries: ToolEntry[] = [];
  const owners: object[] = [];
  const at = new Map<string, number>();
  for (let c = 0; c < chain.length; c++) {
    const owner = chain[c]!;
    const own = ownToolEntries(owner);
    for (let i = 0; i < own.length; i++) {
      const entry = own[i]!;
      const index = at.get(entry.method);
      if (index === undefined) {
        at.set(entry.method, entries.length);
        entries.push(entry);
        owners.push(owner);
      } else {
        entries[index] = entry;
        owners[index] = owner;
      }
    }
  }
  const attached = new Map<string, ToolDefinition>();
  const methods = new Map<string, ToolDefinition>();
  for (let i = 0; i < entries.length; i++) {
    const entry = entries[i]!;
    const definition = methodDefinition(entry, classLabel(owners[i]!));
    const other = methods.get(definition.name);
    if (other) {
      throw new ToolDefinitionError(
        `${classLabel(ctor)}: methods "${other.method}" and "${entry.method}" both declare the tool "${definition.name}".`,
      );
    }
    methods.set(definition.name, definition);
  }
  // Listed tools are read after the methods, so a class with mistakes in both reports its methods' first.
  for (const owner of chain) attachListed(owner, attached);
  for (const method of methods.values()) {
    if (attached.has(method.name)) {
      throw new ToolDefinitionError(
        `${classLabel(ctor)}: the method "${method.method}" and a tool in static tools both declare the tool ` +
          `"${method.name}"; rename one.`,
      );
    }
  }
  const result = Object.freeze([...methods.values(), ...attached.values()]);
  checkAppViewLinks(ctor, result);
  byClass.set(ctor, result);
  return result;
}

// Only a class's own `static tools` counts, so a subclass does not list its parent's tools a second time.
function attachListed(owner: object, attached: Map<string, ToolDefinition>): void {
  if (!Object.hasOwn(owner, "tools")) return;
  const list = (owner as { tools?: unknown }).tools;
  if (list === undefined) return;
  const label = `${classLabel(owner)}.tools`;
  if (!Array.isArray(list)) throw new ToolDefinitionError(`${label} must be an array of BaseTool instances.`);
  const own = new Set<string>();
  for (const entry of list as unknown[]) {
    if (!isToolSource(entry)) {
      const hint = typeof entry === "function" ? ` Give an instance (new ${entry.name}(...)), not the class.` : "";
      throw new ToolDefinitionError(`${label} holds ${describe(entry)}, which is not a BaseTool instance.${hint}`);
    }
    const definition = entry[TOOL_DEFINITION]();
    if (own.has(definition.name)) {
      throw new ToolDefinitionError(`${label} lists two tools named "${definition.name}"; tool names must be unique.`);
    }
    own.add(definition.name);
    attached.set(definition.name, definition);
  }
}

function classLabel(ctor: object): string {
  return (ctor as { name?: string }).name || "(anonymous class)";
}

function describe(value: unknown): string {
  if (value === null) return "null";
  if (typeof value === "function") return `the class ${value.name || "(anonymous)"}`;
  return typeof value === "object"
    ? `an object (${Object.keys(value).slice(0, 3).join(", ") || "no keys"})`
    : `${typeof value} ${String(value)}`;
}
