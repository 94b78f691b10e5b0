import type { BaseAgent } from "../agent/base-agent.js";

/**
 * What the playground uses of an agent: its public API only. A structural type, because the module may have loaded
 * another copy of toolwright than the command's.
 */
export type DevAgent = Pick<BaseAgent, "name" | "tools" | "callTool" | "approvals" | "tasks" | "on">;
