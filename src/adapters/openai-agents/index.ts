// The `toolwright/openai-agents` entry: an agent's tools as OpenAI Agents SDK function tools. The SDK
// (`@openai/agents`) is an optional peer, loaded only by an app that imports this entry.
export { toOpenAIAgentsTools } from "./to-openai-agents-tools.js";
export type { OpenAIAgentsTool, OpenAIAgentsToolsOptions } from "./to-openai-agents-tools.js";
export type { AdaptableAgent, AdapterOptions, ApprovalMode } from "../agent-bridge.js";
export type { OpenAIAgentsOutput, OpenAIAgentsOutputItem } from "./agents-output.js";
