import { essence } from "../../content/mime-types.js";
import { partText } from "../../content/part-text.js";
import { cloneJson } from "../../schema/json.js";
import type { ToolCall } from "../../tool/tool-call.js";
import { type ModelOutputOptions, modelOutput } from "../../tool/model-output.js";
import { type ContentPart, isRichContent } from "../../content/content-part.js";
import { DEFAULT_MAX_RESULT_CHARS } from "../../content/truncate-for-model.js";
import { type ToolResult, renderToolResult, shownContent } from "../../tool/tool-result.js";
import { holdsReference } from "./reference-keys.js";

/** Media bytes inside a Gemini function response (`FunctionResponsePart` of @google/genai). */
export interface GeminiFunctionResponseMedia {
  inlineData: { mimeType: string; data: string };
}

/** A Gemini function response part (`Part` of @google/genai); send it in a `user` content. */
export interface GeminiFunctionResponsePart {
  functionResponse: {
    id?: string;
    name: string;
    response: Record<string, unknown>;
    /** Images and documents of a rich result, for the models that take them (Gemini 3 and later). */
    parts?: GeminiFunctionResponseMedia[];
  };
}

/** The media types Gemini takes inside a function response: images and documents. */
export const GEMINI_RESPONSE_MEDIA_TYPES: ReadonlySet<string> = new Set([
  "image/png",
  "image/jpeg",
  "image/webp",
  "application/pdf",
  "text/plain",
]);

/** Options of {@link toGeminiToolResult}. */
export interface GeminiToolResultOptions extends ModelOutputOptions {
  /**
   * Send images and documents as the function response's `parts` (true, the default: Gemini 3 models read them);
   * false names them in the text instead, for models that take no media in function responses.
   */
  readonly media?: boolean;
}

/**
 * Returns the Gemini `functionResponse` part that answers a function call: `{ output }` on success and
 * `{ error: { code, message, issues? } }` on failure, the two keys the API documents for `response`. A value holding
 * JSON Schema reference keys (`$ref`, `$defs`, ...), which Gemini resolves against the response's parts and refuses
 * with a 400, goes as its JSON text instead; so does a value whose JSON is longer than `maxResultChars` (cut to its
 * head and tail). A rich result sends its text as `output` and its png, jpeg and webp images, PDFs and plain-text
 * files as inline-data `parts`; audio, other types and URL images are named in the text.
 */
export function toGeminiToolResult(
  call: ToolCall,
  result: ToolResult,
  options: GeminiToolResultOptions = {},
): GeminiFunctionResponsePart {
  const functionResponse: GeminiFunctionResponsePart["functionResponse"] = { name: call.name, response: {} };
  // Gemini may send calls without ids; answering with an id it never gave would confuse the pairing.
  if (call.id !== undefined && call.id !== "") functionResponse.id = call.id;
  if (!result.ok) {
    const { code, message, issues } = result.error;
    // A handler's failure of an untrusted tool may quote what it read: its message goes in the envelope too, and its
    // issues are left out, since their paths name the value's own property names (outside text) and the enveloped
    // message already lists them.
    functionResponse.response =
      result.untrusted === undefined
        ? { error: cloneJson({ code, message, issues }) }
        : { error: { code, message: textOf(result, options) } };
  } else if (!isRichContent(result.content)) {
    functionResponse.response = { output: structuredOutput(result, options) };
  } else {
    const { parts, isError } = modelOutput(result, options);
    const lines: string[] = [];
    const media: GeminiFunctionResponseMedia[] = [];
    for (const part of parts) {
      const inline = options.media === false ? undefined : inlineMedia(part);
      if (inline) media.push(inline);
      else lines.push(partText(part, part.type === "text" || part.type === "resource_link" ? undefined : NOT_SENT));
    }
    const text = lines.join("\n");
    functionResponse.response = isError ? { error: { code: "INVALID_RESULT", message: text } } : { output: text };
    if (media.length > 0) functionResponse.parts = media;
  }
  return { functionResponse };
}

const NOT_SENT = "not sent: Gemini takes png, jpeg and webp images, PDFs and plain text in function responses";

function inlineMedia(part: ContentPart): GeminiFunctionResponseMedia | undefined {
  if ((part.type !== "image" && part.type !== "file") || part.data === undefined) return undefined;
  return GEMINI_RESPONSE_MEDIA_TYPES.has(essence(part.mimeType))
    ? { inlineData: { mimeType: part.mimeType, data: part.data } }
    : undefined;
}

// The value as structured JSON where Gemini takes it; its text where it would refuse it or where it is too long.
function structuredOutput(result: ToolResult, options: ModelOutputOptions): unknown {
  // Untrusted output (and a repeat note) reaches the model as text, where the envelope can hold it.
  if (result.untrusted !== undefined || result.notice !== undefined) return textOf(result, options);
  const value = cloneJson(shownContent(result)) ?? null;
  const max = options.maxResultChars ?? result.maxResultChars ?? DEFAULT_MAX_RESULT_CHARS;
  if (typeof value === "string") return value.length > max ? textOf(result, options) : value;
  const tooLong = typeof value === "object" && value !== null && renderToolResult(result).length > max;
  return tooLong || holdsReference(value) ? textOf(result, options) : value;
}

function textOf(result: ToolResult, options: ModelOutputOptions): string {
  const [part] = modelOutput(result, options).parts;
  return part?.type === "text" ? part.text : "";
}
