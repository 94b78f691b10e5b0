import type { ParsedToolCall } from "../../tool/tool-call.js";
import { textOf } from "../call-text.js";

/** A content block of an Anthropic message: anything with a `type`. */
export interface AnthropicContentBlockLike {
  readonly type: string;
}

/** Returns the `tool_use` blocks of an Anthropic message (or of its `content` array). */
export function parseAnthropicToolCalls(
  message: { readonly content: readonly AnthropicContentBlockLike[] } | readonly AnthropicContentBlockLike[],
): ParsedToolCall[] {
  const content: readonly AnthropicContentBlockLike[] = Array.isArray(message)
    ? message
    : (message as { readonly content: readonly AnthropicContentBlockLike[] }).content;
  return content
    .filter((block) => block.type === "tool_use")
    .map((block) => {
      const use = block as unknown as Record<string, unknown>;
      return { id: textOf(use.id), name: textOf(use.name), arguments: use.input ?? {} };
    });
}
