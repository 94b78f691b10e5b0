import type { ToolCall } from "../../tool/tool-call.js";
import { type ToolResult, renderToolResult } from "../../tool/tool-result.js";

/** An Anthropic tool result block (`ToolResultBlockParam`); send it in a `user` message. */
export interface AnthropicToolResultBlock {
  type: "tool_result";
  tool_use_id: string;
  content: string;
  is_error: boolean;
}

/** Returns the Anthropic `tool_result` block that answers a `tool_use` block; `is_error` is true when the call failed. */
export function toAnthropicToolResult(call: ToolCall, result: ToolResult): AnthropicToolResultBlock {
  return {
    type: "tool_result",
    tool_use_id: call.id ?? result.callId,
    content: renderToolResult(result),
    is_error: !result.ok,
  };
}
