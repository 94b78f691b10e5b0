import { type BaseAgentOptions, ToolRegistry } from "toolwright";
import { CalcAgent, registerCalcTools } from "../fixtures/mcp/calc-agents.js";

/** A calculator agent, with a tool that needs approval, and a registry with one shared tool it may and one it may not use. */
export function makeCalcAgent(options: Omit<BaseAgentOptions, "registry"> = {}) {
  const registry = new ToolRegistry();
  registerCalcTools(registry);
  return { registry, agent: new CalcAgent({ ...options, registry }) };
}
