import { ErrorCode } from "../errors/error-code.js";
import {
  type ToolAwaitingApproval,
  type ToolBackgrounded,
  type ToolFailure,
  failureResult,
} from "../tool/tool-result.js";

/** Returns a readable text for an abort reason: an error's message, a string as it is, or a generic phrase. */
export function describeReason(reason: unknown): string {
  if (reason instanceof Error) return reason.message || reason.name;
  if (typeof reason === "string" && reason !== "") return reason;
  return "the caller aborted";
}

/** Builds the result of a call cancelled through an abort signal, before or while its handler ran. */
export function cancelledResult(toolName: string, callId: string, reason: unknown, started: boolean): ToolFailure {
  const when = started ? "was cancelled while running" : "was cancelled before it started";
  return failureResult(toolName, callId, "cancelled", {
    code: ErrorCode.Cancelled,
    message: `The call of tool "${toolName}" ${when}: ${describeReason(reason)}.`,
  });
}

/** Builds the result of a call stopped at its time limit; `note` says why it was not handed to the background. */
export function timedOutResult(toolName: string, callId: string, timeoutMs: number, note = ""): ToolFailure {
  return failureResult(toolName, callId, "timed_out", {
    code: ErrorCode.Timeout,
    message:
      `Tool "${toolName}" did not finish within ${timeoutMs} ms and was stopped${note}. ` +
      "Try again with a smaller request, or tell the user it is too slow.",
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
  const ask = statusTool
    ? `Call ${statusTool} with {"taskId":"${taskId}"} later to get its result.`
    : "Its result will be reported when it is ready.";
  const message = `Tool "${toolName}" is still running after ${timeoutMs} ms; it goes on in background task "${taskId}". ${ask}`;
  return { ok: false, outcome: "backgrounded", toolName, callId, error: { code: ErrorCode.Timeout, message }, taskId };
}

/** Builds the result of a call that waits for a human's approval. */
export function awaitingApprovalResult(toolName: string, callId: string, approvalId: string): ToolAwaitingApproval {
  const message =
    `Tool "${toolName}" needs the user's approval before it runs; approval "${approvalId}" is pending. ` +
    "Do not call it again: its result follows once the user decides.";
  const error = { code: ErrorCode.ApprovalRequired, message };
  return { ok: false, outcome: "awaiting_approval", toolName, callId, error, approvalId };
}

/** Builds the result of a call whose approval was refused; the reason is always part of the model's message. */
export function rejectedResult(toolName: string, callId: string, reason: string | undefined): ToolFailure {
  const why = reason === undefined || reason.trim() === "" ? "no reason was given" : reason;
  return failureResult(toolName, callId, "rejected", {
    code: ErrorCode.ApprovalRejected,
    message: `The user rejected the call of tool "${toolName}": ${why}. Do not retry it unchanged.`,
  });
}

/** Builds the result of a call the current user may not make for lack of scopes. */
export function authRequiredResult(
  toolName: string,
  callId: string,
  missing: readonly string[],
  hasChecker: boolean,
): ToolFailure {
  const cause = hasChecker ? "the current user does not hold" : "cannot be checked (the agent has no scopeChecker)";
  return failureResult(toolName, callId, "auth_required", {
    code: ErrorCode.AuthRequired,
    message:
      `Tool "${toolName}" needs the scopes ${missing.join(", ")}, which ${cause}. ` +
      "Ask the user to sign in or grant access, then call it again.",
    missingScopes: missing,
  });
}
