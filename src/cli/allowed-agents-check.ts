import { closestName } from "../errors/closest-name.js";

/** What the check reads of a module-level tool. */
export interface SharedToolAccess {
  readonly name: string;
  /** The agent names that may use it; `null` when every agent may. */
  readonly allowedAgents: readonly string[] | null;
}

/** A name in a module-level tool's `allowedAgents` that no agent the command can see has. */
export interface AccessFinding {
  readonly severity: "warning";
  /** The tool whose `allowedAgents` holds the name. */
  readonly tool: string;
  readonly rule: "allowed-agents.unknown";
  /** The name as written. */
  readonly agent: string;
  /** The closest agent name, when the name looks like a typo of one. */
  readonly suggestion?: string;
  readonly message: string;
}

/**
 * Returns a finding for each `allowedAgents` name of a module-level tool that matches none of `agents`: a typo there
 * makes the tool silently vanish from the agent meant to have it, since access is granted by name.
 */
export function checkAllowedAgents(tools: readonly SharedToolAccess[], agents: readonly string[]): AccessFinding[] {
  const known = new Set(agents);
  const findings: AccessFinding[] = [];
  for (const tool of tools) {
    for (const agent of tool.allowedAgents ?? []) {
      if (known.has(agent)) continue;
      const suggestion = closestName(agent, known);
      const seen = agents.length === 0 ? "no agents" : `the agents ${[...known].map((a) => `"${a}"`).join(", ")}`;
      findings.push({
        severity: "warning",
        tool: tool.name,
        rule: "allowed-agents.unknown",
        agent,
        ...(suggestion ? { suggestion } : {}),
        message:
          `allowedAgents names "${agent}", which is no agent here (found ${seen}), so no agent can use ` +
          `"${tool.name}"${suggestion ? `; did you mean "${suggestion}"?` : "."}`,
      });
    }
  }
  return findings;
}
