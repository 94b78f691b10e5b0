import { ErrorCode } from "../errors/error-code.js";
import { gateFailedText } from "../errors/model-messages.js";
import { StoreUnavailableError } from "../state/port/store-error.js";
import { failureResult } from "../tool/tool-result.js";
import type { CallRequest } from "./call-request.js";
import type { HandlerOutcome } from "./run-handler.js";

/**
 * Builds the outcome of a gate step that threw. It fails closed: the handler does not run, and the exception goes to
 * the `error` event.
 */
export function gateFailure(request: CallRequest, what: string, error: unknown): HandlerOutcome {
  const message = error instanceof Error ? error.message : String(error);
  const name = request.definition.name;
  return {
    result: failureResult(name, request.callId, "failed", {
      code: error instanceof StoreUnavailableError ? ErrorCode.StoreUnavailable : ErrorCode.ToolFailed,
      message: gateFailedText(name, what, message),
    }),
    error,
  };
}
