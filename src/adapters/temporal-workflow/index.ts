// The `toolwright/temporal-workflow` entry: the workflow side of toolwright/temporal, for Temporal's deterministic
// workflow bundle. It imports nothing of toolwright at run time, only `@temporalio/workflow` (an optional peer).
export { approvalSignal, pendingApprovalsQuery, workflowTools } from "./workflow-tools.js";
export type { WorkflowToolCall, WorkflowTools, WorkflowToolsOptions } from "./workflow-tools.js";
// A type only (erased from the workflow bundle): the one tool-call shape of every surface.
export type { ToolCall } from "../../tool/tool-call.js";
export { activityOptionsFor } from "./tool-activity-options.js";
export type { TemporalToolDefaults } from "./tool-activity-options.js";
export { APPROVAL_SIGNAL, PENDING_APPROVALS_QUERY, activityNames } from "./temporal-wire.js";
export type {
  TemporalApprovalDelivery,
  TemporalApprovalRule,
  TemporalPendingApproval,
  TemporalToolInput,
  TemporalToolSpec,
} from "./temporal-wire.js";
