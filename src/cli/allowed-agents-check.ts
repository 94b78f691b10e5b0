import { closestName } from "../errors/closest-name.js";

/** What the check reads of a module-level tool. */
export interface SharedToolAccess {
  readonly name: string;
  /** The agent names that may use it; `null` when every agent may. */
  readonly allowedAgents: readonly string[] | null;
}

/**
 * An agent the check can see: its name and, when that name is its class's name because the class has no own
 * `static agentName`, the class's name (`fromClass`).
 */
export interface KnownAgent {
  readonly name: string;
  /** The class whose name the agent's name is: the class sets no `static agentName`. */
  readonly fromClass?: string;
}

/** Reads an agent instance as a {@link KnownAgent}: `fromClass` when its name is its class's, not an own agentName. */
export function knownAgent(agent: { readonly name: string; readonly constructor: object }): KnownAgent {
  const ctor = agent.constructor as { readonly name?: unknown; readonly agentName?: unknown };
  const named = Object.hasOwn(ctor, "agentName") && typeof ctor.agentName === "string";
  return !named && agent.name === ctor.name ? { name: agent.name, fromClass: agent.name } : { name: agent.name };
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
export function checkAllowedAgents(
  tools: readonly SharedToolAccess[],
  agents: readonly (string | KnownAgent)[],
): AccessFinding[] {
  const known = new Set(agents.map((agent) => (typeof agent === "string" ? agent : agent.name)));
  const classNamed = new Set<string>();
  for (const agent of agents)
    if (typeof agent !== "string" && agent.fromClass !== undefined) classNamed.add(agent.name);
  const findings: AccessFinding[] = [];
  for (const tool of tools) {
    for (const agent of tool.allowedAgents ?? []) {
      if (known.has(agent)) continue;
      const closest = closestName(agent, known);
      const seen = agents.length === 0 ? "no agents" : `the agents ${[...known].map((a) => `"${a}"`).join(", ")}`;
      const missing = `allowedAgents names "${agent}", which is no agent here (found ${seen}), so no agent can use "${tool.name}"`;
      // Closest to an agent named after its class: the fix is to name that class, not to write its class name in
      // allowedAgents (which the agent's constructor refuses, since a minifier renames the class).
      if (closest !== undefined && classNamed.has(closest)) {
        findings.push({
          severity: "warning",
          tool: tool.name,
          rule: "allowed-agents.unknown",
          agent,
          message:
            `Add \`static agentName = "${agent}"\` to class ${closest}: it has no agentName, so its name is its ` +
            `class name "${closest}", which minifiers change. ${missing}.`,
        });
        continue;
      }
      findings.push({
        severity: "warning",
        tool: tool.name,
        rule: "allowed-agents.unknown",
        agent,
        ...(closest ? { suggestion: closest } : {}),
        message: `${missing}${closest ? `; did you mean "${closest}"?` : "."}`,
      });
    }
  }
  return findings;
}
