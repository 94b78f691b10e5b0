// The door of the pipeline: what the registry, the agent and the main entry use of dispatch/. Code outside this
// folder imports only from here (and from the doors of approvals/ and tasks/).
export { CallRequest } from "./call-request.js";
export type { CallAttempt, CallOptions, UnavailableTool } from "./call-request.js";
export type { CallRoute } from "./call-route.js";
export { agentRoute, bareRoute, endCall, runApproved, runCall, unavailableCall } from "./pipeline.js";
export type { RouteSlot } from "./pipeline.js";
export { InvalidCall, validateCall, validatedArguments } from "./validate-call.js";
export type { ValidatedCall } from "./validate-call.js";
export { CallRuntime, RUNTIME_OPTION_NAMES, runtimeOptionsOf } from "./call-runtime.js";
export type { GrantReader, SharedKeepers } from "./call-runtime.js";
export type { Approver, ApprovalDecision, RuntimeOptions, ScopeChecker } from "./call-runtime.js";
export { ToolListeners } from "./tool-listeners.js";
export type {
  BeforeVerdict,
  ToolEvent,
  ToolEventListener,
  ToolEventName,
  ToolProgressNotice,
} from "./tool-listeners.js";
// Not shared-keepers.ts itself: on Node, load-keepers.ts loads it (and the state layer) on the first approval or task.
export { agentKeepers } from "./load-keepers.js";
export { DEFAULT_LEASE_MS, sweepInterval } from "./store-options.js";
export type { StoreHost } from "./shared-keepers.js";
export { startSweeper } from "../state/store-sweeper.js";
export { TASK_STATUS_TOOL, type UntrustedTool, reportTask, taskStatusDefinition } from "./task-status-tool.js";
export type { TaskStatusReport } from "./task-status-tool.js";
export { runToolCalls } from "./run-tool-calls.js";
export type { RunToolCallsOptions } from "./run-tool-calls.js";
export type { RetryBackoff } from "./retry.js";
export { runsInParallel } from "./serial-lane.js";
export { currentToolCall, enableAsyncToolContext } from "./call-context.js";
export type { StoreOptions } from "./store-options.js";
export { activeCallTracer, installedCallTracer, setCallTracer, tracedCall } from "./call-tracer.js";
export type { CallTracer, TracedCall, TracedPhase } from "./call-tracer.js";
export { awaitingApprovalResult } from "./runtime-results.js";
export { untrustedAskReason } from "./untrusted-ask.js";
