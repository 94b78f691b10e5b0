import type { CallingAgent } from "../tool/tool.js";
import type { ToolEvents } from "../dispatch/hooks.js";
import { type ToolResult, failureResult } from "../tool/tool-result.js";
import { ToolNotFoundError, ToolPermissionError } from "../errors/errors.js";

/** A call of a tool the agent cannot see. */
export interface UnavailableCall {
  readonly agent: CallingAgent;
  readonly name: string;
  readonly args: unknown;
  readonly callId: string;
  readonly available: readonly string[];
  /** The tool exists in the registry but the agent may not use it. */
  readonly exists: boolean;
  readonly listeners: readonly ToolEvents[];
}

/**
 * Builds the result of a call of an unknown or forbidden tool: `not_found` or `denied`, with a message that lists the
 * tools the agent may use, and reports the error on the `error` event.
 */
export async function unavailableResult(call: UnavailableCall): Promise<ToolResult> {
  const error = call.exists
    ? new ToolPermissionError(call.agent.name, call.name, call.available)
    : new ToolNotFoundError(call.name, call.available);
  const result = failureResult(call.name, call.callId, call.exists ? "denied" : "not_found", {
    code: error.code,
    message: error.message,
  });
  for (const events of call.listeners) {
    await events.emit({
      event: "error",
      toolName: call.name,
      args: call.args,
      callId: call.callId,
      agent: call.agent,
      result,
      error,
    });
  }
  return result;
}
