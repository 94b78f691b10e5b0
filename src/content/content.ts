import { type ContentPart, type ContentResult, brand, isContentPart, isContentResult } from "./content-part.js";

/**
 * Makes a result that mixes text and parts, in order: strings become text parts, parts stay as they are, and a nested
 * `content(...)` is spread in. A tool returns it as its value.
 * @example
 * return content("Chart of last week's sales:", image({ data: png, mimeType: "image/png" }));
 */
export function content(...parts: readonly (string | ContentPart | ContentResult)[]): ContentResult {
  const list: ContentPart[] = [];
  for (const part of parts) {
    if (typeof part === "string") list.push(brand({ type: "text", text: part }));
    else if (isContentResult(part)) list.push(...part.parts);
    else if (isContentPart(part)) list.push(part);
    // A part written as a literal (`{ type: "image", data, mimeType }`) is taken at its word inside content(...);
    // anything else is kept as it came, so the checker can name what is wrong with it.
    else list.push(isPartLiteral(part) ? brand({ ...(part as ContentPart) }) : part);
  }
  return brand({ type: "content", parts: Object.freeze(list) });
}

const KINDS: ReadonlySet<unknown> = new Set(["text", "image", "audio", "file", "resource_link"]);

function isPartLiteral(value: unknown): boolean {
  return typeof value === "object" && value !== null && KINDS.has((value as { type?: unknown }).type);
}
