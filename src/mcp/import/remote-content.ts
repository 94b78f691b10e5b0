import { audio } from "../../content/audio.js";
import type { ContentPart } from "../../content/content-part.js";
import { file } from "../../content/file.js";
import { image } from "../../content/image.js";
import { AUDIO_MIME_TYPES, IMAGE_MIME_TYPES, essence, isMimeType } from "../../content/mime-types.js";
import { resourceLink } from "../../content/resource-link.js";
import { isPlainObject } from "../../schema/json.js";

const DEFAULT_MIME = "application/octet-stream";

/**
 * Turns one MCP content block into what a toolwright result holds: `text` → a string; `image` / `audio` → an image or
 * audio part (a file part when toolwright does not know the mime type, so one odd block does not fail the result);
 * `resource_link` → a resource link part; an embedded `resource` → its text (after a line naming its URI) or, for a
 * `blob`, an image, audio or file part; any other block → its JSON as text, so nothing the server sent is lost.
 */
export function partOfBlock(block: unknown): string | ContentPart {
  if (!isPlainObject(block)) return JSON.stringify(block) ?? String(block);
  switch (block.type) {
    case "text":
      if (typeof block.text === "string") return block.text;
      break;
    case "image":
    case "audio":
      if (typeof block.data === "string") return mediaPart(block.data, mimeOf(block.mimeType), String(block.type));
      break;
    case "resource_link":
      if (typeof block.uri === "string" && block.uri !== "") return linkPart(block);
      break;
    case "resource":
      if (isPlainObject(block.resource) && typeof block.resource.uri === "string") return embedded(block.resource);
      break;
  }
  return JSON.stringify(block);
}

function mimeOf(value: unknown): string {
  return typeof value === "string" && isMimeType(value) ? value : DEFAULT_MIME;
}

function mediaPart(data: string, mimeType: string, name: string): ContentPart {
  const kind = essence(mimeType);
  if (IMAGE_MIME_TYPES.has(kind)) return image({ data, mimeType });
  if (AUDIO_MIME_TYPES.has(kind)) return audio({ data, mimeType });
  return file({ data, mimeType, filename: name });
}

function linkPart(block: Record<string, unknown>): ContentPart {
  const uri = block.uri as string;
  return resourceLink({
    uri,
    name: typeof block.name === "string" && block.name !== "" ? block.name : uri,
    ...(typeof block.mimeType === "string" && isMimeType(block.mimeType) ? { mimeType: block.mimeType } : {}),
    ...(typeof block.description === "string" ? { description: block.description } : {}),
  });
}

function embedded(resource: Record<string, unknown>): string | ContentPart {
  const uri = resource.uri as string;
  if (typeof resource.text === "string") return `Resource ${uri}:\n${resource.text}`;
  if (typeof resource.blob === "string") {
    const name =
      uri
        .split(/[/\\]/)
        .filter((segment) => segment !== "")
        .pop() ?? "resource";
    return mediaPart(resource.blob, mimeOf(resource.mimeType), name);
  }
  return `Resource ${uri}`;
}
