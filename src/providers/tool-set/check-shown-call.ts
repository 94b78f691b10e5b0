import { ErrorCode } from "../../errors/error-code.js";
import { toolNotShownText } from "../../errors/model-messages.js";
import type { ToolCall } from "../../tool/tool-call.js";
import { type ToolFailure, failureResult } from "../../tool/tool-result.js";
import { TOOL_SEARCH_TOOL } from "../tool-search/tool-search-spec.js";
import { type ShownTools, checkShownTools } from "./shown-tools.js";

/**
 * Answers a call of a tool the conversation's model has not been shown (a deferred tool that no change has revealed
 * yet, or a tool withdrawn since) with a `not_found` result (`TOOL_NOT_FOUND`) the model can act on, and returns
 * `undefined` for a call of a tool it may call, which the app then runs. Before the first turn nothing was shown, so
 * every call passes. Answer the call with the provider's result builder, as any other result.
 * @throws {TypeError} when `state` is not a {@link ShownTools}.
 * @example
 * const results = await Promise.all(
 *   calls.map((call) => checkShownCall(shown, call) ?? agent.callTool(call.name, call.arguments, { callId: call.id })),
 * );
 */
export function checkShownCall(state: ShownTools, call: ToolCall): ToolFailure | undefined {
  checkShownTools(state);
  if (state.tools === null || state.visible.includes(call.name)) return undefined;
  const message = toolNotShownText(call.name, state.visible.includes(TOOL_SEARCH_TOOL));
  return failureResult(call.name, call.id ?? "", "not_found", { code: ErrorCode.ToolNotFound, message });
}
