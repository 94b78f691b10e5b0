import { base64Bytes } from "./base64.js";
import type { ContentPart } from "./content-part.js";

/**
 * Returns the text a model reads for a part where the provider cannot carry it (a Chat Completions tool message, an
 * image for a text-only path): text as it is, media as a bracketed note naming its kind, type and size, a link by its
 * name and URI. `why` is appended to the note, e.g. "attached in the next user message".
 */
export function partText(part: ContentPart, why?: string): string {
  const tail = why ? `; ${why}` : "";
  switch (part.type) {
    case "text":
      return part.text;
    case "image":
      return part.url !== undefined
        ? `[image at ${part.url}${tail}]`
        : `[image: ${part.mimeType}, ${size(part.data)}${tail}]`;
    case "audio":
      return `[audio: ${part.mimeType}, ${size(part.data)}${tail}]`;
    case "file":
      return `[file "${part.filename}": ${part.mimeType}, ${size(part.data)}${tail}]`;
    case "resource_link":
      return `[resource "${part.name}" at ${part.uri}${part.mimeType ? ` (${part.mimeType})` : ""}${tail}]`;
  }
}

/** Returns the parts as one text, each on its own line: what a text-only channel carries of a rich result. */
export function partsText(parts: readonly ContentPart[], why?: (part: ContentPart) => string | undefined): string {
  return parts.map((part) => partText(part, why?.(part))).join("\n");
}

function size(data: string): string {
  const bytes = base64Bytes(data);
  if (bytes < 1024) return `${bytes} B`;
  return bytes < 1024 * 1024 ? `${(bytes / 1024).toFixed(1)} kB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
