import { describeThrown } from "../errors/describe-thrown.js";
import { ErrorCode } from "../errors/error-code.js";
import { callNotCompletedText } from "../errors/model-messages.js";
import { type ToolResult, failureResult } from "../tool/tool-result.js";

/** The result of a call that failed inside toolwright (a bug): the caller still gets a result. */
export function internalFailure(
  call: { readonly toolName: string; readonly callId: string },
  error: unknown,
): ToolResult {
  return failureResult(call.toolName, call.callId, "failed", {
    code: ErrorCode.ToolFailed,
    message: callNotCompletedText(call.toolName, describeThrown(error)),
  });
}
