import type { ToolCall } from "../../tool/tool-call.js";
import { type ToolResult, renderToolResult } from "../../tool/tool-result.js";
import { isToolSearchReport } from "../tool-search/search-tools.js";
import { TOOL_SEARCH_TOOL } from "../tool-search/tool-search-spec.js";
import type { AnthropicToolReferenceBlock } from "./tool-search.js";

/** An Anthropic tool result block (`ToolResultBlockParam`); send it in a `user` message. */
export interface AnthropicToolResultBlock {
  type: "tool_result";
  tool_use_id: string;
  /** Text; or, for a `tool_search` result under `toolSearch: "client"`, one `tool_reference` per tool found. */
  content: string | AnthropicToolReferenceBlock[];
  is_error: boolean;
}

/**
 * Returns the Anthropic `tool_result` block that answers a `tool_use` block; `is_error` is true when the call failed.
 * With `toolSearch: "client"` (as given to `toAnthropicTools`), a `tool_search` result that found tools answers with
 * `tool_reference` blocks, which load those deferred tools.
 */
export function toAnthropicToolResult(
  call: ToolCall,
  result: ToolResult,
  options: { readonly toolSearch?: string } = {},
): AnthropicToolResultBlock {
  const id = call.id ?? result.callId;
  if (
    options.toolSearch === "client" &&
    result.ok &&
    result.toolName === TOOL_SEARCH_TOOL &&
    isToolSearchReport(result.content) &&
    result.content.tools.length > 0
  ) {
    const content = result.content.tools.map((t): AnthropicToolReferenceBlock => ({
      type: "tool_reference",
      tool_name: t.name,
    }));
    return { type: "tool_result", tool_use_id: id, content, is_error: false };
  }
  return { type: "tool_result", tool_use_id: id, content: renderToolResult(result), is_error: !result.ok };
}
