import { ToolDefinitionError } from "../errors/errors.js";

// Classes seen to be agents, so the check costs one WeakSet lookup per agent created after the first.
const agents = new WeakSet<object>();

// Duck-typed, as the command finds agents: the decorators sit below BaseAgent and may meet another copy of it.
function isAgent(value: object): boolean {
  const agent = value as { callTool?: unknown; toolSpecs?: unknown };
  return typeof agent.callTool === "function" && typeof agent.toolSpecs === "function";
}

function notAnAgent(className: string, method: string, decorator: string): ToolDefinitionError {
  return new ToolDefinitionError(
    `${decorator} on "${method}": class ${className} does not extend BaseAgent, so its tools are never listed or ` +
      "called (toolwright reads decorated methods only when an agent is created). Extend BaseAgent, or register a " +
      "function with toolRegistry.register(name, handler, options).",
  );
}

/**
 * Returns the initializer a Stage-3 decorator adds (once per class) to refuse a decorated method on a class that is no
 * agent. A decorator runs while its class is being defined, before the class exists, so it cannot see the base
 * class; the first point at which the class is known is its first `new`, where the initializer runs.
 */
export function agentInitializer(method: string, decorator: string): (this: unknown) => void {
  return function (this: unknown) {
    if (typeof this !== "object" || this === null) return;
    const ctor = (this as { constructor?: unknown }).constructor;
    if (typeof ctor === "function" && agents.has(ctor)) return;
    if (!isAgent(this)) throw notAnAgent(typeof ctor === "function" ? ctor.name : "(anonymous)", method, decorator);
    if (typeof ctor === "function") agents.add(ctor);
  };
}

/**
 * Checks a legacy (`experimentalDecorators`) decorator's target: there the decorator gets the class's prototype, whose
 * chain is already linked to the base class, so a class that is no agent is refused at class definition.
 * @throws {ToolDefinitionError} when the prototype is not an agent's.
 */
export function assertLegacyAgentTarget(prototype: unknown, method: string, decorator: string): void {
  if (typeof prototype !== "object" || prototype === null || isAgent(prototype)) return;
  const ctor = (prototype as { constructor?: { name?: string } }).constructor;
  throw notAnAgent(ctor?.name || "(anonymous)", method, decorator);
}
