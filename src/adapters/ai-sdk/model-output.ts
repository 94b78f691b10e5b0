import type { Tool as AiSdkTool, JSONValue } from "ai";
import type { ContentPart } from "../../content/content-part.js";
import { isRichContent } from "../../content/content-part.js";
import { partText } from "../../content/part-text.js";
import { fitsModelBudget, modelOutput } from "../../tool/model-output.js";
import { type ToolResult, shownContent } from "../../tool/tool-result.js";
import { modelText } from "../agent-bridge.js";

/** What the model reads of a tool's result: the SDK's ToolResultOutput, which `ai` does not export under that name. */
export type ModelOutput = Awaited<
  ReturnType<NonNullable<AiSdkTool<Record<string, unknown>, ToolResult>["toModelOutput"]>>
>;

/** One item of the SDK's `content` output. */
type ContentItem = Extract<ModelOutput, { type: "content" }>["value"][number];

/**
 * Which major's item types rich content is written in: `6` uses `image-data` / `image-url` / `file-data`, which AI
 * SDK 6 defines and 7 still reads (with a deprecation warning); `7` uses 7's `file` item with tagged data, which 6
 * does not know. `toAiSdkTools` serves both majors, so it writes `6`; `toAiSdkToolSet` exists only for 7.
 */
export type ContentForm = 6 | 7;

/**
 * Returns what the model reads of a result: text, JSON, or error text for a failure; rich content (`content(...)`,
 * `image(...)`, ...) as the SDK's `content` output, which each provider package sends in its own form.
 */
export function toModelOutput(result: ToolResult, form: ContentForm = 6): ModelOutput {
  if (!result.ok) return { type: "error-text", value: modelText(result) };
  const shown = shownContent(result);
  if (isRichContent(shown)) {
    // The parts the model reads (checked, text cut to maxResultChars); a bad part reads as an error.
    const { parts, isError } = modelOutput(result);
    if (isError) return { type: "error-text", value: parts.map((part) => partText(part)).join("\n") };
    return { type: "content", value: parts.map(form === 7 ? toContentItem7 : toContentItem) };
  }
  if (typeof shown === "string" || shown === undefined) return { type: "text", value: modelText(result) };
  // Untrusted output (and a repeat note) reaches the model as text, where the envelope can hold it.
  if (result.untrusted !== undefined || result.notice !== undefined) return { type: "text", value: modelText(result) };
  // Longer than maxResultChars as JSON: the model reads its text, cut as every other surface cuts it.
  if (!fitsModelBudget(result)) return { type: "text", value: modelText(result) };
  // A handler's value is JSON-serialisable by contract (ToolResult is plain data).
  return { type: "json", value: shown as JSONValue };
}

// The item types AI SDK 6 defines and 7 still reads (7 prefers `file` with tagged data and maps these onto it), so one
// form serves both majors.
function toContentItem(part: ContentPart): ContentItem {
  switch (part.type) {
    case "text":
      return { type: "text", text: part.text };
    case "image":
      return part.url !== undefined
        ? { type: "image-url", url: part.url }
        : { type: "image-data", data: part.data, mediaType: part.mimeType };
    case "file":
      return { type: "file-data", data: part.data, mediaType: part.mimeType, filename: part.filename };
    case "audio":
      // Bytes with their media type; each provider package sends or refuses audio as its API does.
      return { type: "file-data", data: part.data, mediaType: part.mimeType };
    case "resource_link":
      return { type: "text", text: partText(part) };
  }
}

/** AI SDK 7's `file` item: bytes or a URL, tagged, with a full or top-level media type (not exported publicly). */
export interface FileItem7 {
  readonly type: "file";
  readonly data: { readonly type: "data"; readonly data: string } | { readonly type: "url"; readonly url: URL };
  readonly mediaType: string;
  readonly filename?: string;
}

function toContentItem7(part: ContentPart): ContentItem {
  let item: FileItem7 | undefined;
  if (part.type === "image") {
    item =
      part.url !== undefined
        ? { type: "file", data: { type: "url", url: new URL(part.url) }, mediaType: part.mimeType ?? "image" }
        : { type: "file", data: { type: "data", data: part.data }, mediaType: part.mimeType };
  } else if (part.type === "file") {
    item = { type: "file", data: { type: "data", data: part.data }, mediaType: part.mimeType, filename: part.filename };
  } else if (part.type === "audio") {
    item = { type: "file", data: { type: "data", data: part.data }, mediaType: part.mimeType };
  }
  // The item is AI SDK 7's; this file compiles against 6's types, which lack it (tests check it against 7's).
  return item === undefined ? toContentItem(part) : (item as unknown as ContentItem);
}
