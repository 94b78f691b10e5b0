import type { ContentPart } from "../../content/content-part.js";
import { essence } from "../../content/mime-types.js";
import { partText } from "../../content/part-text.js";

/** The image types Anthropic takes (`Base64ImageSource.media_type`). */
export const ANTHROPIC_IMAGE_TYPES: ReadonlySet<string> = new Set([
  "image/jpeg",
  "image/png",
  "image/gif",
  "image/webp",
]);

/** One content block of an Anthropic `tool_result` (`TextBlockParam`, `ImageBlockParam`, `DocumentBlockParam`). */
export type AnthropicToolResultContentBlock =
  | { type: "text"; text: string }
  | {
      type: "image";
      source:
        | { type: "base64"; media_type: "image/jpeg" | "image/png" | "image/gif" | "image/webp"; data: string }
        | { type: "url"; url: string };
    }
  | {
      type: "document";
      source:
        | { type: "base64"; media_type: "application/pdf"; data: string }
        | { type: "text"; media_type: "text/plain"; data: string };
      title?: string;
    };

/**
 * Returns a part as a `tool_result` content block: jpeg/png/gif/webp images (bytes or URL), PDFs and text files as
 * documents (titled with the file name), everything else (audio, other types, links) as text naming it.
 */
export function anthropicBlock(part: ContentPart): AnthropicToolResultContentBlock {
  switch (part.type) {
    case "image": {
      if (part.url !== undefined) return { type: "image", source: { type: "url", url: part.url } };
      const mediaType = essence(part.mimeType);
      if (!ANTHROPIC_IMAGE_TYPES.has(mediaType)) {
        return { type: "text", text: partText(part, "not sent: Anthropic takes jpeg, png, gif or webp images") };
      }
      const media_type = mediaType as "image/jpeg" | "image/png" | "image/gif" | "image/webp";
      return { type: "image", source: { type: "base64", media_type, data: part.data } };
    }
    case "file": {
      const mediaType = essence(part.mimeType);
      if (mediaType === "application/pdf") {
        return {
          type: "document",
          source: { type: "base64", media_type: "application/pdf", data: part.data },
          title: part.filename,
        };
      }
      // A text document's source is its text, not base64: CSV, Markdown, JSON and the like read as plain text.
      if (mediaType.startsWith("text/") || mediaType === "application/json") {
        const data = decodeUtf8(part.data);
        return { type: "document", source: { type: "text", media_type: "text/plain", data }, title: part.filename };
      }
      return { type: "text", text: partText(part, "not sent: Anthropic takes PDF and text documents") };
    }
    case "audio":
      return { type: "text", text: partText(part, "not sent: Anthropic takes no audio") };
    default:
      return { type: "text", text: partText(part) };
  }
}

function decodeUtf8(base64: string): string {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return new TextDecoder().decode(bytes);
}
