import type { ToolCall } from "../../tool/tool-call.js";
import type { ToolResult } from "../../tool/tool-result.js";
import { type ModelOutputOptions, modelOutput } from "../../tool/model-output.js";
import { type AnthropicToolResultContentBlock, anthropicBlock } from "./result-blocks.js";
import { isToolSearchReport } from "../tool-search/search-tools.js";
import { TOOL_SEARCH_TOOL } from "../tool-search/tool-search-spec.js";
import type { AnthropicToolReferenceBlock } from "./tool-search.js";

/** An Anthropic tool result block (`ToolResultBlockParam`); send it in a `user` message. */
export interface AnthropicToolResultBlock {
  type: "tool_result";
  tool_use_id: string;
  /**
   * Text; content blocks (`text`, `image`, `document`) for a result with media; or, for a `tool_search` result under
   * `toolSearch: "client"`, one `tool_reference` per tool found.
   */
  content: string | AnthropicToolResultContentBlock[] | AnthropicToolReferenceBlock[];
  is_error: boolean;
}

/**
 * Returns the Anthropic `tool_result` block that answers a `tool_use` block; `is_error` is true when the call failed.
 * A result with images or files answers with content blocks: `image` for jpeg, png, gif and webp, `document` for PDFs
 * and text files, `text` for the rest (naming what was not sent). Text beyond `maxResultChars` (default 50,000) is
 * cut to its head and tail.
 * With `toolSearch: "client"` (as given to `toAnthropicTools`), a `tool_search` result that found tools answers with
 * `tool_reference` blocks, which load those deferred tools.
 */
export function toAnthropicToolResult(
  call: ToolCall,
  result: ToolResult,
  options: ModelOutputOptions & { readonly toolSearch?: string } = {},
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
  const { parts, isError } = modelOutput(result, options);
  const only = parts.length === 1 && parts[0]!.type === "text" ? parts[0]!.text : undefined;
  // Anthropic refuses empty text blocks, so an empty string between media is left out.
  const content =
    only ?? parts.filter((part) => part.type !== "text" || part.text !== "").map((part) => anthropicBlock(part));
  return { type: "tool_result", tool_use_id: id, content, is_error: isError };
}
