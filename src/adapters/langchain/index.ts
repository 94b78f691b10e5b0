// The `toolwright/langchain` entry: an agent's tools as LangChain tools. LangChain (`@langchain/core`) is an optional
// peer, loaded only by an app that imports this entry.
export { AgentLangChainTool, toLangChainToolMessage, toLangChainTools } from "./to-langchain-tools.js";
export type { LangChainToolCallInput, LangChainToolOutput, LangChainToolsOptions } from "./to-langchain-tools.js";
export type { AdaptableAgent } from "../agent-bridge.js";
export { LANGCHAIN_PROGRESS_EVENT } from "./progress-events.js";
export { toLangChainInterruptOn } from "./interrupt-on.js";
export type {
  LangChainDecision,
  LangChainInterruptConfig,
  LangChainInterruptOnOptions,
  LangChainInterruptRequest,
  LangChainInterruptRuntime,
  LangChainToolCall,
} from "./interrupt-on.js";
