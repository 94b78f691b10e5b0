import { describeThrown } from "../errors/describe-thrown.js";
import { ErrorCode } from "../errors/error-code.js";
import { ToolwrightError } from "../errors/toolwright-error.js";
import { failureResult } from "../tool/tool-result.js";
import type { CallRequest } from "./call-request.js";
import type { BeforeRefusal } from "./hooks.js";
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
      message: `The call of tool "${name}" was denied: ${refusal.reason}`,
    });
    return { result, error: new ToolwrightError(ErrorCode.Denied, result.error.message) };
  }
  const result = failureResult(name, request.callId, "denied", {
    code: ErrorCode.HookFailed,
    message:
      `The call of tool "${name}" was denied: a policy check failed (${describeThrown(refusal.error)}), ` +
      "so the tool did not run.",
  });
  return { result, error: refusal.error };
}
