import type { ContentPart } from "../../content/content-part.js";
import { essence } from "../../content/mime-types.js";
import { partText } from "../../content/part-text.js";

/** One item of a Responses `function_call_output` output list (`ResponseFunctionCallOutputItem`). */
export type OpenAIResponsesOutputItem =
  | { type: "input_text"; text: string }
  | { type: "input_image"; image_url: string; detail?: "low" | "high" | "auto" }
  | { type: "input_file"; file_data: string; filename: string };

/** One content part of a Chat Completions user message (`ChatCompletionContentPart`). */
export type OpenAIChatUserPart =
  | { type: "text"; text: string }
  | { type: "image_url"; image_url: { url: string } }
  | { type: "input_audio"; input_audio: { data: string; format: "wav" | "mp3" } }
  | { type: "file"; file: { file_data: string; filename: string } };

const NO_AUDIO = "not sent: OpenAI takes no audio in tool results";

/** Returns a part as a Responses output item: images and files as they are, audio and links as text. */
export function responsesItem(part: ContentPart): OpenAIResponsesOutputItem {
  switch (part.type) {
    case "image":
      return { type: "input_image", image_url: part.url ?? dataUrl(part.mimeType, part.data) };
    case "file":
      return { type: "input_file", file_data: dataUrl(part.mimeType, part.data), filename: part.filename };
    case "audio":
      return { type: "input_text", text: partText(part, NO_AUDIO) };
    default:
      return { type: "input_text", text: partText(part) };
  }
}

/** Returns a medium as a Chat Completions user-message part, or undefined for text, links and unsendable audio. */
export function chatUserPart(part: ContentPart): OpenAIChatUserPart | undefined {
  switch (part.type) {
    case "image":
      return { type: "image_url", image_url: { url: part.url ?? dataUrl(part.mimeType, part.data) } };
    case "file":
      return { type: "file", file: { file_data: dataUrl(part.mimeType, part.data), filename: part.filename } };
    case "audio": {
      const format = AUDIO_FORMATS[essence(part.mimeType)];
      return format ? { type: "input_audio", input_audio: { data: part.data, format } } : undefined;
    }
    default:
      return undefined;
  }
}

// Chat Completions `input_audio` takes "wav" and "mp3" only.
const AUDIO_FORMATS: Readonly<Record<string, "wav" | "mp3">> = {
  "audio/wav": "wav",
  "audio/x-wav": "wav",
  "audio/mpeg": "mp3",
  "audio/mp3": "mp3",
};

/** Returns base64 bytes as a `data:` URL, the form OpenAI takes for inline images and files. */
export function dataUrl(mimeType: string, data: string): string {
  return `data:${mimeType};base64,${data}`;
}
