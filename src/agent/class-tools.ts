import { ToolDefinitionError } from "../errors/errors.js";
import { reflectTools } from "../reflect/reflect-tools.js";
import type { ToolDefinition } from "../tool/tool-definition.js";
import { TOOL_DEFINITION, isToolSource } from "../tool/tool-source.js";

const byClass = new WeakMap<object, readonly ToolDefinition[]>();

/**
 * Returns an agent class's own tools: its decorated methods (own and inherited) and the `BaseTool` instances listed
 * in the `static tools` of it and its ancestors. A subclass that lists a tool of a name an ancestor listed replaces
 * it. Cached per constructor, like the decorated tools: agents of one class share the instances.
 * @throws {ToolDefinitionError} when `static tools` is not a list of tool instances, or two tools share a name.
 */
export function agentClassTools(ctor: abstract new (...args: never[]) => object): readonly ToolDefinition[] {
  const cached = byClass.get(ctor);
  if (cached) return cached;
  const methods = reflectTools(ctor);
  const chain: object[] = [];
  for (let c: object | null = ctor; c && c !== Function.prototype; c = Object.getPrototypeOf(c)) chain.unshift(c);
  const attached = new Map<string, ToolDefinition>();
  for (const owner of chain) {
    // Only a class's own list counts, so a subclass does not list its parent's tools a second time.
    if (!Object.hasOwn(owner, "tools")) continue;
    const list = (owner as { tools?: unknown }).tools;
    if (list === undefined) continue;
    const label = `${(owner as { name?: string }).name || "(anonymous class)"}.tools`;
    if (!Array.isArray(list)) throw new ToolDefinitionError(`${label} must be an array of BaseTool instances.`);
    const own = new Set<string>();
    for (const entry of list as unknown[]) {
      if (!isToolSource(entry)) {
        const hint = typeof entry === "function" ? ` Give an instance (new ${entry.name}(...)), not the class.` : "";
        throw new ToolDefinitionError(`${label} holds ${describe(entry)}, which is not a BaseTool instance.${hint}`);
      }
      const definition = entry[TOOL_DEFINITION]();
      if (own.has(definition.name)) {
        throw new ToolDefinitionError(
          `${label} lists two tools named "${definition.name}"; tool names must be unique.`,
        );
      }
      own.add(definition.name);
      attached.set(definition.name, definition);
    }
  }
  for (const method of methods) {
    if (attached.has(method.name)) {
      throw new ToolDefinitionError(
        `${(ctor as { name?: string }).name || "(anonymous class)"}: the method "${method.method}" and a tool in ` +
          `static tools both declare the tool "${method.name}"; rename one.`,
      );
    }
  }
  const result = attached.size === 0 ? methods : Object.freeze([...methods, ...attached.values()]);
  byClass.set(ctor, result);
  return result;
}

function describe(value: unknown): string {
  if (value === null) return "null";
  if (typeof value === "function") return `the class ${value.name || "(anonymous)"}`;
  return typeof value === "object"
    ? `an object (${Object.keys(value).slice(0, 3).join(", ") || "no keys"})`
    : `${typeof value} ${String(value)}`;
}
