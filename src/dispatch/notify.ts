import type { CallRequest } from "./call-request.js";
import { type ToolEvent, anyListens } from "./hooks.js";
import type { HandlerOutcome } from "./run-handler.js";
import type { ToolResult } from "../tool/tool-result.js";

// Outcomes that are not failures but a call still in progress elsewhere: they get `after`, never `error`.
const PENDING = new Set(["awaiting_approval", "backgrounded"]);

/**
 * Tells the listeners how the call ended (`after`, then `error` for a failure, each carrying the task id of a
 * background task), then returns its result. With nobody listening it returns the result at once, not a promise.
 */
export function notify(request: CallRequest, args: unknown, outcome: HandlerOutcome): ToolResult | Promise<ToolResult> {
  const { result } = outcome;
  const failed = !result.ok && !PENDING.has(result.outcome);
  const listening = anyListens(request.events, "after") || (failed && anyListens(request.events, "error"));
  if (!listening) return result;
  return (async () => {
    for (const events of request.events) {
      await events.emit({ ...makeEvent(request, "after", args, result.taskId), result });
      if (failed) {
        await events.emit({
          ...makeEvent(request, "error", args, result.taskId),
          result,
          error: outcome.error ?? result.error,
        });
      }
    }
    return result;
  })();
}

/** Builds the common fields of an event of this call. */
export function makeEvent(request: CallRequest, event: ToolEvent["event"], args: unknown, taskId?: string): ToolEvent {
  const base = { event, toolName: request.definition.name, args, callId: request.callId, agent: request.agent };
  return taskId === undefined ? base : { ...base, taskId };
}
