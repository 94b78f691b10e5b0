// What the workflow side and the activity side of toolwright/temporal exchange: plain JSON, and names both agree on.
// This file (like all of toolwright/temporal-workflow) imports nothing at run time but @temporalio/workflow, so it can
// go into Temporal's deterministic workflow bundle.
import type { ToolSpec } from "../../tool/tool.js";

/** How a tool asks for approval, as the workflow side needs to know it. */
export type TemporalApprovalRule = "never" | "always" | "predicate";

/** A tool as the workflow sees it: its spec for the model and what its activity options derive from. */
export interface TemporalToolSpec extends ToolSpec {
  readonly timeoutMs?: number;
  readonly maxRetries?: number;
  readonly onTimeout?: "error" | "background";
  readonly approval: TemporalApprovalRule;
}

/** The input of a tool's activity: one model call, and the human's decision when the tool needed one. */
export interface TemporalToolInput {
  readonly name: string;
  readonly args: unknown;
  readonly callId: string;
  /** The payload of the approval signal (`{ approved, reason? }`); anything else refuses the call. */
  readonly decision?: unknown;
}

/** The payload of the approval signal: which call, and what the human decided. */
export interface TemporalApprovalDelivery {
  readonly callId: string;
  readonly approved: boolean;
  readonly reason?: string;
}

/** A call waiting for a human, as the pending-approvals query returns it. */
export interface TemporalPendingApproval {
  readonly callId: string;
  readonly toolName: string;
  readonly args: unknown;
}

/** The name of the signal that delivers a decision ({@link TemporalApprovalDelivery}). */
export const APPROVAL_SIGNAL = "toolwright.approve";
/** The name of the query that lists the calls waiting for a decision. */
export const PENDING_APPROVALS_QUERY = "toolwright.pendingApprovals";

/** The names of an agent's activities: one per tool, and three of toolwright's own. */
export function activityNames(agentName: string) {
  return {
    specs: `toolwright:${agentName}:specs`,
    needsApproval: `toolwright:${agentName}:needsApproval`,
    /** Any call, by name: the one a model's call of a tool the agent does not have goes to. */
    call: `toolwright:${agentName}:call`,
    tool: (toolName: string) => `${agentName}.${toolName}`,
  };
}
