// The `toolwright/restate` entry: tool calls as journaled steps of Restate handlers. Its SDK,
// `@restatedev/restate-sdk`, is an optional peer dependency; the main entry never imports it.
export { RESTATE_MAX_STEP_BYTES, restatePort, restateWorkflowPort, resolveRestateApproval } from "./restate-port.js";
export type { RestateHandlerContext, RestatePortOptions } from "./restate-port.js";
export { restateCallTool } from "./restate-call-tool.js";
export { restateToolService } from "./restate-tool-service.js";
export type { RestateApprovalDelivery, RestateToolRequest, RestateToolServiceOptions } from "./restate-tool-service.js";
export { idempotencyKeyOf } from "../../durable/idempotency-key.js";
export type {
  DurableApprovalDecision,
  DurableApprovalRequest,
  DurablePort,
  DurableSignal,
} from "../../durable/durable-port.js";
export type { DurableAgent, DurableCallOptions } from "../../durable/run-durable-call.js";
