// The door of the approvals room: calls that wait for a human's decision, kept in process (LocalApprovals) or on a
// pluggable store shared by processes (SharedApprovals). Code outside this folder imports only from here.
export { LocalApprovals, pendingApproval } from "./local-approvals.js";
export type {
  ApprovalEvictedListener,
  ApprovalKeeper,
  ApprovalRequest,
  Approvals,
  ApproveOptions,
  CallApproval,
  PendingApproval,
} from "./local-approvals.js";
export { SharedApprovals } from "./shared-approvals.js";
export type { RunApproved, SharedApprovalsOptions } from "./shared-approvals.js";
export { approvalHash, hashArguments, schemaVersion, stableStringify } from "../stable-hash.js";
export { storedApprovalProblem } from "./stored-approval-check.js";
export type { ApprovalTarget } from "./stored-approval-check.js";
