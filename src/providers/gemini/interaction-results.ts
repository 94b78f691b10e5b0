import { essence } from "../../content/mime-types.js";
import { partText } from "../../content/part-text.js";
import type { ToolCall } from "../../tool/tool-call.js";
import { type ModelOutputOptions, modelOutput } from "../../tool/model-output.js";
import type { ToolResult } from "../../tool/tool-result.js";
import { GEMINI_RESPONSE_MEDIA_TYPES } from "./results.js";

/** One item of a `function_result`'s content list (`TextContent` / `ImageContent` of @google/genai's Interactions). */
export type GeminiInteractionContent =
  | { type: "text"; text: string }
  | { type: "image"; data: string; mime_type: string }
  | { type: "image"; uri: string; mime_type?: string };

/**
 * The Interactions step answering a function call (`Interactions.FunctionResultStep` of @google/genai):
 * `{ type: "function_result", call_id, name, is_error, result }`.
 */
export interface GeminiInteractionResult {
  type: "function_result";
  call_id: string;
  name: string;
  is_error: boolean;
  result: string | GeminiInteractionContent[];
}

const NOT_SENT = "not sent: Gemini function results take images here; other media are named";

/**
 * Returns the `function_result` step that answers a Gemini Interactions function call: `is_error` true when the call
 * failed (the text says why, as every provider reads it), the result as text, or, for a result with images, a list
 * of `text` and `image` contents (inline base64 or a URL); other media are named in the text. Text beyond
 * `maxResultChars` (default 50,000) is cut to its head and tail.
 * @example
 * input.push(toGeminiInteractionResult(call, await agent.callTool(call.name, call.arguments, { callId: call.id })));
 */
export function toGeminiInteractionResult(
  call: ToolCall,
  result: ToolResult,
  options: ModelOutputOptions = {},
): GeminiInteractionResult {
  const { parts, isError } = modelOutput(result, options);
  const base = { type: "function_result" as const, call_id: call.id ?? result.callId, name: call.name };
  if (parts.length === 1 && parts[0]!.type === "text") return { ...base, is_error: isError, result: parts[0]!.text };
  const content: GeminiInteractionContent[] = [];
  for (const part of parts) {
    if (part.type === "image" && part.data !== undefined && GEMINI_RESPONSE_MEDIA_TYPES.has(essence(part.mimeType))) {
      content.push({ type: "image", data: part.data, mime_type: part.mimeType });
      continue;
    }
    if (part.type === "image" && part.url !== undefined) {
      content.push(
        part.mimeType === undefined
          ? { type: "image", uri: part.url }
          : { type: "image", uri: part.url, mime_type: part.mimeType },
      );
      continue;
    }
    const text = partText(part, part.type === "text" || part.type === "resource_link" ? undefined : NOT_SENT);
    if (text !== "") content.push({ type: "text", text });
  }
  return { ...base, is_error: isError, result: content };
}
