// The `toolwright/temporal` entry: an agent's tools as Temporal activities, for the worker. The workflow side is
// `toolwright/temporal-workflow`. The SDK packages (`@temporalio/activity`, `@temporalio/workflow`) are optional peers.
export { toolActivities } from "./tool-activities.js";
export type { ToolActivities } from "./tool-activities.js";
export { idempotencyKeyOf } from "../../durable/idempotency-key.js";
export { activityOptionsFor } from "../temporal-workflow/tool-activity-options.js";
export type {
  TemporalApprovalDelivery,
  TemporalPendingApproval,
  TemporalToolInput,
  TemporalToolSpec,
} from "../temporal-workflow/temporal-wire.js";
