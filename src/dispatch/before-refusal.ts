import { describeThrown } from "../errors/describe-thrown.js";
import { deniedText, hookFailedText } from "../errors/model-messages.js";
import { ErrorCode } from "../errors/error-code.js";
import { ToolwrightError } from "../errors/toolwright-error.js";
import { failureResult } from "../tool/tool-result.js";
import type { CallRequest } from "./call-request.js";
import type { BeforeRefusal } from "./tool-listeners.js";
import type { HandlerOutcome } from "./run-handler.js";

/**
 * Builds the `denied` outcome of a call a `before` listener stopped: `DENIED` with the listener's reason, or
 * `HOOK_FAILED` when the listener threw (the exception then travels on the `error` event).
 */
export function beforeRefusal(request: CallRequest, refusal: BeforeRefusal): HandlerOutcome {
  const name = request.definition.name;
  if (!refusal.thrown) {
    const result = failureResult(name, request.callId, "denied", {
      code: ErrorCode.Denied,
      message: deniedText(name, refusal.reason),
    });
    return { result, error: new ToolwrightError(ErrorCode.Denied, result.error.message) };
  }
  const result = failureResult(name, request.callId, "denied", {
    code: ErrorCode.HookFailed,
    message: hookFailedText(name, describeThrown(refusal.error)),
  });
  return { result, error: refusal.error };
}
