import {
  authRequiredText,
  awaitingApprovalText,
  backgroundedText,
  rejectedText,
  timedOutText,
} from "../errors/model-messages.js";
import { ErrorCode } from "../errors/error-code.js";
import {
  type ToolAwaitingApproval,
  type ToolBackgrounded,
  type ToolFailure,
  failureResult,
} from "../tool/tool-result.js";
export { cancelledResult } from "../tool/cancelled-result.js";

/** Builds the result of a call stopped at its time limit; `note` says why it was not handed to the background. */
export function timedOutResult(toolName: string, callId: string, timeoutMs: number, note = ""): ToolFailure {
  return failureResult(toolName, callId, "timed_out", {
    code: ErrorCode.Timeout,
    message: timedOutText(toolName, timeoutMs, note),
  });
}

/** Builds the result of a call whose work goes on in a background task after its time limit. */
export function backgroundedResult(
  toolName: string,
  callId: string,
  timeoutMs: number,
  taskId: string,
  statusTool: string | undefined,
): ToolBackgrounded {
  const message = backgroundedText(toolName, timeoutMs, taskId, statusTool);
  return { ok: false, outcome: "backgrounded", toolName, callId, error: { code: ErrorCode.Timeout, message }, taskId };
}

/** Builds the result of a call that waits for a human's approval. */
export function awaitingApprovalResult(
  toolName: string,
  callId: string,
  approvalId: string,
  reason?: string,
): ToolAwaitingApproval {
  const error = { code: ErrorCode.ApprovalRequired, message: awaitingApprovalText(toolName, approvalId, reason) };
  return { ok: false, outcome: "awaiting_approval", toolName, callId, error, approvalId };
}

/** Builds the result of a call whose approval was refused; the reason is always part of the model's message. */
export function rejectedResult(toolName: string, callId: string, reason: string | undefined): ToolFailure {
  return failureResult(toolName, callId, "rejected", {
    code: ErrorCode.ApprovalRejected,
    message: rejectedText(toolName, reason),
  });
}

/** Builds the result of a call the current user may not make for lack of scopes. */
export function authRequiredResult(
  toolName: string,
  callId: string,
  missing: readonly string[],
  hasChecker: boolean,
): ToolFailure {
  return failureResult(toolName, callId, "auth_required", {
    code: ErrorCode.AuthRequired,
    message: authRequiredText(toolName, missing, hasChecker),
    missingScopes: missing,
  });
}
