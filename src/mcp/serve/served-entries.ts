import type { Completer, PromptEntry, ResourceEntry } from "../../decorators/mcp-entries.js";
import { reflectMcpEntries } from "../../reflect/reflect-mcp-entries.js";
import type { McpServableAgent } from "./servable-agent.js";

/** The resources and prompts one agent may list and use, with the instance their methods run on. */
export interface ServedEntries {
  readonly agent: McpServableAgent;
  /** Fixed-URI resources, in declaration order. */
  readonly resources: readonly ResourceEntry[];
  /** Templated resources, in declaration order. */
  readonly templates: readonly ResourceEntry[];
  readonly prompts: readonly PromptEntry[];
  /** Some variable or argument offers completions (declared, or an enum's values). */
  readonly completes: boolean;
}

/**
 * Reads the agent class's `@resource` and `@prompt` methods and keeps those the agent may see: an entry with
 * `allowedAgents` is the agent's only when its name is listed, as for a tool. An entry it may not see is, to its
 * clients, the same as one that does not exist. The set is the class's, fixed for the server's life.
 */
export function servedEntries(agent: McpServableAgent): ServedEntries {
  const { resources, prompts } = reflectMcpEntries(agent.constructor);
  const sees = (entry: { readonly allowedAgents?: readonly string[] }) =>
    entry.allowedAgents === undefined || entry.allowedAgents.includes(agent.name);
  const visible = resources.filter(sees);
  const visiblePrompts = prompts.filter(sees);
  const completes =
    visible.some((entry) => entry.complete !== undefined) ||
    visiblePrompts.some(
      (entry) => entry.complete !== undefined || Object.values(entry.params).some((param) => "enum" in param),
    );
  return {
    agent,
    resources: visible.filter((entry) => entry.template === undefined),
    templates: visible.filter((entry) => entry.template !== undefined),
    prompts: visiblePrompts,
    completes,
  };
}

/** The completer of one variable or argument, if declared. */
export function completerOf(
  entry: { readonly complete?: Readonly<Record<string, Completer>> },
  name: string,
): Completer | undefined {
  return entry.complete !== undefined && Object.hasOwn(entry.complete, name) ? entry.complete[name] : undefined;
}
