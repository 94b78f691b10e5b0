import { content } from "../../content/content.js";
import type { ContentResult } from "../../content/content-part.js";
import type { ModelOutputValue } from "../../tool/tool-options.js";
import { isPlainObject } from "../../schema/json.js";
import type { McpRemoteCallResult } from "./mcp-client-like.js";
import { partOfBlock } from "./remote-content.js";

function isTextBlock(block: unknown): block is { type: "text"; text: string } {
  return isPlainObject(block) && block.type === "text" && typeof block.text === "string";
}

function isPlainTextBlock(block: unknown): block is { type: "text"; text: string } {
  return isTextBlock(block) && (block as { annotations?: unknown }).annotations === undefined;
}

// What the model reads of a structuredContent value: the server's own blocks beside it, keyed by the value (a fresh
// object per call, so nothing outlives the result). The handler's value is what the app keeps and what `returns`
// checks; the imported tool's toModelOutput reads this, so providers get the server's text as it wrote it and an
// image itself, not the value as compact JSON nor its base64 inside JSON text.
const mediaShown = new WeakMap<object, ContentResult>();

function blocksOf(result: McpRemoteCallResult): readonly unknown[] {
  return Array.isArray(result.content) ? (result.content as unknown[]) : [];
}

/**
 * Returns what an imported tool answers for a successful remote result: its `structuredContent` when the server sent
 * one (the value its `outputSchema`, the imported tool's `returns`, describes; the content blocks beside it are by
 * the spec's advice its serialisation, and what the model reads: {@link remoteModelOutput});
 * else the text of its text blocks (joined by newlines) when all blocks are text without annotations; else `content(...)` of the blocks as toolwright parts (images, audio, resource links, embedded resources:
 * see {@link partOfBlock}), which every provider renders in its own form.
 */
export function remoteResultValue(result: McpRemoteCallResult): unknown {
  const blocks = blocksOf(result);
  const structured = result.structuredContent;
  if (structured !== undefined) {
    if (isPlainObject(structured) && blocks.length > 0) mediaShown.set(structured, remoteContent(blocks));
    return structured;
  }
  if (blocks.every(isPlainTextBlock)) return blocks.map((block) => block.text).join("\n");
  return remoteContent(blocks);
}

function remoteContent(blocks: readonly unknown[]): ContentResult {
  return content(...blocks.map(partOfBlock));
}

/**
 * The `toModelOutput` of an imported tool: for a `structuredContent` value, the server's blocks beside it as parts
 * (its own text, an image, a sound, an embedded blob, as the filesystem server's `read_media_file` answers); any
 * other value as it is. So every provider, and an MCP client of `serveMcp`, gets what the server sent, and the app
 * the value.
 */
export function remoteModelOutput(value: unknown): ModelOutputValue {
  return ((typeof value === "object" && value !== null && mediaShown.get(value)) || value) as ModelOutputValue;
}

/** Returns the text of a remote error result: its text blocks, with a `[type]` placeholder for other blocks. */
export function remoteErrorText(result: McpRemoteCallResult): string {
  const text = blocksOf(result)
    .map((block) => (isTextBlock(block) ? block.text : `[${String((block as { type?: unknown }).type ?? "content")}]`))
    .join("\n")
    .trim();
  return text === "" ? "(the server gave no message)" : text;
}
