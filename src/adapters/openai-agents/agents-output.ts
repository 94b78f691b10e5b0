import type { ToolOutputFileContent, ToolOutputImage, ToolOutputText } from "@openai/agents";
import { type ContentPart, isRichContent } from "../../content/content-part.js";
import { partText } from "../../content/part-text.js";
import { modelOutput } from "../../tool/model-output.js";
import { type ToolResult, shownContent } from "../../tool/tool-result.js";
import { modelText } from "../agent-bridge.js";

/** One item of rich output: the Agents SDK's own text, image and file tool outputs. */
export type OpenAIAgentsOutputItem = ToolOutputText | ToolOutputImage | ToolOutputFileContent;

/**
 * What an agent tool answers the Agents SDK with: the text the model reads, or, for rich content, the SDK's
 * structured outputs, which it sends as `input_text`, `input_image` and `input_file` items of the call's output; with
 * `outputSchema: true`, a tool with an object output schema answers with its value, which the SDK sends as JSON.
 */
export type OpenAIAgentsOutput = string | OpenAIAgentsOutputItem[] | Readonly<Record<string, unknown>>;

const NO_AUDIO = "not sent: OpenAI takes no audio in tool results";

/**
 * Returns what the SDK sends the model for a result: rich content as structured outputs (text cut to
 * `maxResultChars`, a bad part as toolwright's error text), anything else as its text.
 */
export function toAgentsOutput(result: ToolResult): OpenAIAgentsOutput {
  if (!result.ok || !isRichContent(shownContent(result))) return modelText(result);
  const { parts, isError } = modelOutput(result);
  if (isError) return parts.map((part) => partText(part)).join("\n");
  return parts.map(toItem);
}

function toItem(part: ContentPart): OpenAIAgentsOutputItem {
  switch (part.type) {
    case "image":
      return part.url !== undefined
        ? { type: "image", image: { url: part.url } }
        : { type: "image", image: { data: part.data, mediaType: part.mimeType } };
    case "file":
      return { type: "file", file: { data: part.data, mediaType: part.mimeType, filename: part.filename } };
    case "audio":
      return { type: "text", text: partText(part, NO_AUDIO) };
    default:
      // Text as it is; a resource link by its name and URI.
      return { type: "text", text: partText(part) };
  }
}
