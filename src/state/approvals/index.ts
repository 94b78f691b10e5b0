// The door of the approvals room: calls that wait for a human's decision, kept on the agent's store (its own in memory
// by default, or one shared by processes). Code outside this folder imports only from here.
export { pendingApproval } from "./approval-types.js";
export type {
  ApprovalEvictedListener,
  ApprovalKeeper,
  ApprovalRequest,
  Approvals,
  ApproveOptions,
  CallApproval,
  GrantKeeper,
  GrantListOptions,
  PendingApproval,
  ResolveCall,
} from "./approval-types.js";
export { SharedApprovals } from "./shared-approvals.js";
export type { SharedApprovalsOptions } from "./shared-approvals.js";
export type { RunApproved } from "./approved-runs.js";
export { approvalHash, hashArguments, schemaVersion, stableStringify } from "../stable-hash.js";
export { recordBinding, storedApprovalProblem, storedAuth } from "./stored-approval-check.js";
export type { ApprovalTarget } from "./stored-approval-check.js";
