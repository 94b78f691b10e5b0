import { ToolDefinitionError } from "../errors/errors.js";
import type { ToolDefinition } from "../tool/tool-definition.js";

/**
 * Refuses access granted to a name an agent took from its class name. Minifiers rename classes, so such an agent
 * would silently lose (or, by chance, gain) every tool that `allowedAgents` grants by that name once the app is
 * bundled: access must never change with a build step, so the grant needs a name written in the code.
 * @throws {ToolDefinitionError} naming the agent, the tool and the two ways to give the agent an explicit name.
 */
export function assertNoClassNameGrant(agentName: string, tools: Iterable<ToolDefinition>): void {
  for (const definition of tools) {
    if (definition.allowedAgents?.includes(agentName)) throw classNameGrantError(agentName, definition.name);
  }
}

/** Returns the error of {@link assertNoClassNameGrant} for one agent name and one tool. */
export function classNameGrantError(agentName: string, toolName: string): ToolDefinitionError {
  return new ToolDefinitionError(
    `Agent "${agentName}" takes its name from its class name, and the tool "${toolName}" grants access to that name ` +
      "in allowedAgents. A minifier renames classes, which would silently change this agent's access: give the " +
      `class an explicit name (static agentName = "${agentName}") or pass { name: "${agentName}" } to its constructor.`,
  );
}
