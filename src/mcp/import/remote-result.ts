import { content } from "../../content/content.js";
import { isPlainObject } from "../../schema/json.js";
import type { McpRemoteCallResult } from "./mcp-client-like.js";
import { partOfBlock } from "./remote-content.js";

function isTextBlock(block: unknown): block is { type: "text"; text: string } {
  return isPlainObject(block) && block.type === "text" && typeof block.text === "string";
}

function blocksOf(result: McpRemoteCallResult): readonly unknown[] {
  return Array.isArray(result.content) ? (result.content as unknown[]) : [];
}

/**
 * Returns what an imported tool answers for a successful remote result: its `structuredContent` when the server sent
 * one (the value its `outputSchema`, the imported tool's `returns`, describes; the content blocks beside it are by
 * the spec's advice its serialisation); else the text of its text blocks (joined by newlines) when all blocks are
 * text; else `content(...)` of the blocks as toolwright parts (images, audio, resource links, embedded resources:
 * see {@link partOfBlock}), which every provider renders in its own form.
 */
export function remoteResultValue(result: McpRemoteCallResult): unknown {
  if (result.structuredContent !== undefined) return result.structuredContent;
  const blocks = blocksOf(result);
  if (blocks.every(isTextBlock)) return blocks.map((block) => block.text).join("\n");
  return content(...blocks.map(partOfBlock));
}

/** Returns the text of a remote error result: its text blocks, with a `[type]` placeholder for other blocks. */
export function remoteErrorText(result: McpRemoteCallResult): string {
  const text = blocksOf(result)
    .map((block) => (isTextBlock(block) ? block.text : `[${String((block as { type?: unknown }).type ?? "content")}]`))
    .join("\n")
    .trim();
  return text === "" ? "(the server gave no message)" : text;
}
