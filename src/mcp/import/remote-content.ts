import { audio } from "../../content/audio.js";
import type { ContentAnnotations, ContentPart } from "../../content/content-part.js";
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
 * `blob`, an image, audio or file part; any other block → its JSON as text, so nothing the server sent is lost. The
 * block's `annotations` (audience, priority, lastModified) stay on its part, so serving it again sends them on.
 */
export function partOfBlock(block: unknown): string | ContentPart {
  const part = plainPartOfBlock(block);
  const annotations = isPlainObject(block) ? annotationsOf(block.annotations) : undefined;
  if (annotations === undefined) return part;
  // A literal part: content(...) takes it at its word and brands it, annotations and all.
  return typeof part === "string" ? { type: "text", text: part, annotations } : { ...part, annotations };
}

// The block's annotations as MCP defines them (audience, priority, lastModified), only the fields that keep MCP's
// rules, so a server's odd value cannot turn the whole result into an INVALID_RESULT.
function annotationsOf(value: unknown): ContentAnnotations | undefined {
  if (!isPlainObject(value)) return undefined;
  const { audience, priority, lastModified } = value;
  const kept: { audience?: ("user" | "assistant")[]; priority?: number; lastModified?: string } = {};
  if (Array.isArray(audience) && audience.every((who) => who === "user" || who === "assistant")) {
    kept.audience = audience as ("user" | "assistant")[];
  }
  if (typeof priority === "number" && priority >= 0 && priority <= 1) kept.priority = priority;
  if (typeof lastModified === "string") kept.lastModified = lastModified;
  return Object.keys(kept).length === 0 ? undefined : kept;
}

function plainPartOfBlock(block: unknown): string | ContentPart {
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
