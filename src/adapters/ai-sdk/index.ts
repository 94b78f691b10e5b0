export type { AdaptableAgent, AdapterOptions, ApprovalMode } from "../agent-bridge.js";
export type { ModelOutput } from "./model-output.js";
export {
  type AiSdkApprovalStatus,
  type AiSdkToolApproval,
  type AiSdkToolSet,
  type AiSdkToolSetOptions,
  toAiSdkToolSet,
} from "./to-ai-sdk-tool-set.js";
export { type AiSdkAgentTool, type AiSdkAgentTools, type AiSdkToolsOptions, toAiSdkTools } from "./to-ai-sdk-tools.js";
export type { StreamProgress } from "./stream-execute.js";
export type { AiSdkInputEvent, AiSdkInputListener } from "./streamed-input.js";
