import { ToolDefinitionError } from "../errors/errors.js";
import type { ToolDefinition } from "../tool/tool-definition.js";
import type { CallRequest, CallRoute } from "../dispatch/index.js";

/** Returns true when a tool's `allowedAgents` admits the agent name: omitted admits every agent, `[]` none. */
export function isAllowed(definition: Pick<ToolDefinition, "allowedAgents">, agentName: string): boolean {
  return definition.allowedAgents === undefined || definition.allowedAgents.includes(agentName);
}

/** The tools one agent name may see and call, by tool name; `own` marks the agent class's own tools. */
export type AgentToolView = ReadonlyMap<string, AgentToolEntry>;

/** One tool an agent name sees: its definition, whether it is the agent's own method, and its assembled route. */
export interface AgentToolEntry {
  readonly definition: ToolDefinition;
  readonly own: boolean;
  /** The route assembled for this tool's calls, on the first one (see `agentRoute` in dispatch/pipeline.ts). */
  route: CallRoute<CallRequest> | undefined;
  /** The `cache` tools of the view whose `invalidatedBy` names this tool: a successful call clears their results. */
  invalidates?: readonly string[];
}

/**
 * Builds the view of an agent name: its class's tools that admit it, then the shared tools that admit it.
 * @throws {ToolDefinitionError} when an own tool and a visible shared tool have the same name.
 */
export function buildAgentView(
  agentName: string,
  ownTools: readonly ToolDefinition[],
  sharedTools: Iterable<ToolDefinition>,
): AgentToolView {
  const view = new Map<string, AgentToolEntry>();
  for (let i = 0; i < ownTools.length; i++) {
    const definition = ownTools[i]!;
    if (isAllowed(definition, agentName)) view.set(definition.name, { definition, own: true, route: undefined });
  }
  for (const definition of sharedTools) {
    if (!isAllowed(definition, agentName)) continue;
    const clash = view.get(definition.name);
    if (clash) {
      throw new ToolDefinitionError(
        `Agent "${agentName}" has its own tool "${definition.name}"${clash.definition.method ? ` (method "${clash.definition.method}")` : ""} and also sees ` +
          `the registry's tool "${definition.name}". Rename one, or leave "${agentName}" out of the shared tool's allowedAgents.`,
      );
    }
    view.set(definition.name, { definition, own: false, route: undefined });
  }
  linkInvalidations(agentName, view);
  return view;
}

/**
 * Tells each tool of a view which `cache` tools its successful calls clear (their `invalidatedBy`).
 * @throws {ToolDefinitionError} when an `invalidatedBy` names a tool the agent cannot see: it would never clear.
 */
function linkInvalidations(agentName: string, view: Map<string, AgentToolEntry>): void {
  for (const [name, entry] of view) {
    const names = entry.definition.cache?.invalidatedBy;
    if (names === undefined) continue;
    for (const invalidator of names) {
      const target = view.get(invalidator);
      if (target === undefined) {
        throw new ToolDefinitionError(
          `Tool "${name}" of agent "${agentName}": \`cache.invalidatedBy\` names "${invalidator}", which is no tool ` +
            `the agent can call, so its results would never be cleared. Tools it can call: ${[...view.keys()].join(", ")}.`,
        );
      }
      target.invalidates = [...(target.invalidates ?? []), name];
    }
  }
}
