import type { McpServableAgent } from "../mcp/serve/index.js";
import type { Tool } from "../tool/tool.js";
import { CliError, ExitCode, firstLine, isDefinitionError } from "./cli-error.js";

/** An agent of the inspected module, as the command uses it. */
export interface CliAgent extends McpServableAgent {
  readonly id: string;
  tools(): Tool[];
}

/** An agent found in a module: its instance, and the export and class it came from. */
export interface FoundAgent {
  readonly agent: CliAgent;
  readonly exportName: string;
  readonly className: string;
}

type AgentClass = new () => CliAgent;

/**
 * Returns true when `value` is a class that extends `BaseAgent`. The prototype chain is checked by class name and
 * shape rather than `instanceof`, because the module may have loaded another copy of toolwright than the command's.
 */
export function isAgentClass(value: unknown): value is AgentClass {
  if (typeof value !== "function" || typeof value.prototype !== "object") return false;
  for (let parent = Object.getPrototypeOf(value) as unknown; typeof parent === "function";) {
    const base = parent as { name?: unknown; prototype?: { callTool?: unknown; tools?: unknown } };
    if (base.name === "BaseAgent" && typeof base.prototype?.callTool === "function") return true;
    parent = Object.getPrototypeOf(parent) as unknown;
  }
  return false;
}

function isAgentInstance(value: unknown): value is CliAgent {
  if (typeof value !== "object" || value === null) return false;
  const ctor = (value as { constructor?: { name?: unknown } }).constructor;
  const plainBase = ctor?.name === "BaseAgent" && typeof (value as { callTool?: unknown }).callTool === "function";
  return plainBase || isAgentClass(ctor);
}

function construct(exportName: string, ctor: AgentClass): CliAgent {
  try {
    return new ctor();
  } catch (error) {
    if (isDefinitionError(error)) throw new CliError(`definition error: ${firstLine(error)}`, ExitCode.Problems);
    throw new CliError(
      `cannot create agent ${ctor.name} (export "${exportName}") without arguments: ${firstLine(error)}; ` +
        "export an instance of it instead",
      ExitCode.Usage,
    );
  }
}

/**
 * Finds the agents of a module: every exported agent instance, and every exported `BaseAgent` subclass of which no
 * instance is exported, created with no arguments (so it joins the shared `toolRegistry`). An agent name seen twice
 * is kept once, the instance first.
 * @throws {CliError} for a class whose constructor fails (exit 1 for a definition error, else 2).
 */
export function findAgents(exports: Record<string, unknown>): FoundAgent[] {
  const found = new Map<string, FoundAgent>();
  const entries = Object.entries(exports);
  for (const [exportName, value] of entries) {
    if (isAgentInstance(value) && !found.has(value.name)) {
      found.set(value.name, { agent: value, exportName, className: value.constructor.name });
    }
  }
  const instances = entries.map(([, value]) => value).filter(isAgentInstance);
  for (const [exportName, value] of entries) {
    // An exported instance stands for its class: the constructor may need options the command cannot give.
    if (!isAgentClass(value) || instances.some((instance) => instance.constructor === value)) continue;
    const agent = construct(exportName, value);
    if (!found.has(agent.name)) found.set(agent.name, { agent, exportName, className: value.name });
  }
  return [...found.values()];
}

/**
 * Returns the agents to work on: the one named `name`, or all of them.
 * @throws {CliError} (exit 2) when the module has no agent, or none of that name.
 */
export function selectAgents(found: readonly FoundAgent[], module: string, name: string | undefined): FoundAgent[] {
  if (found.length === 0) {
    throw new CliError(`no agents in ${module}: export a class that extends BaseAgent (or an instance of one)`);
  }
  if (name === undefined) return [...found];
  const match = found.find((entry) => entry.agent.name === name);
  if (!match) {
    const names = found.map((entry) => entry.agent.name).join(", ");
    throw new CliError(`unknown agent "${name}" in ${module}; its agents are: ${names}`);
  }
  return [match];
}
