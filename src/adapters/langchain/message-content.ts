import type { ToolMessage } from "@langchain/core/messages";
import { type ContentPart, isRichContent } from "../../content/content-part.js";
import { partText } from "../../content/part-text.js";
import { modelOutput } from "../../tool/model-output.js";
import { type ToolResult, shownContent } from "../../tool/tool-result.js";
import { modelText } from "../agent-bridge.js";

/** The content of a LangChain `ToolMessage`: text, or a list of content blocks. */
export type LangChainMessageContent = ToolMessage["content"];

type Block = Exclude<LangChainMessageContent, string>[number];

/**
 * Returns what the model reads of a result as `ToolMessage` content: rich content as LangChain's standard content
 * blocks (`text`, `image`, `audio`, `file` with base64 `data` and `mimeType`, or an image `url`), which each chat
 * model integration converts to its provider's form; anything else as its text.
 */
export function toMessageContent(result: ToolResult): LangChainMessageContent {
  if (!result.ok || !isRichContent(shownContent(result))) return modelText(result);
  const { parts, isError } = modelOutput(result);
  if (isError) return parts.map((part) => partText(part)).join("\n");
  return parts.map(toBlock);
}

function toBlock(part: ContentPart): Block {
  switch (part.type) {
    case "image":
      return part.url !== undefined
        ? { type: "image", url: part.url }
        : { type: "image", data: part.data, mimeType: part.mimeType };
    case "audio":
      return { type: "audio", data: part.data, mimeType: part.mimeType };
    case "file":
      // The integrations read a file block's name from its metadata.
      return { type: "file", data: part.data, mimeType: part.mimeType, metadata: { filename: part.filename } };
    default:
      return { type: "text", text: partText(part) };
  }
}
