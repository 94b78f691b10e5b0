import { cancelledText } from "../errors/model-messages.js";
import { ErrorCode } from "../errors/error-code.js";
import { type ToolFailure, failureResult } from "./tool-result.js";

/** Builds the result of a call cancelled through an abort signal, before or while its handler ran. */
export function cancelledResult(toolName: string, callId: string, reason: unknown, started: boolean): ToolFailure {
  return failureResult(toolName, callId, "cancelled", {
    code: ErrorCode.Cancelled,
    message: cancelledText(toolName, reason, started),
  });
}
