import { type ContentPart, type ContentResult, brand, isRichContent } from "./content-part.js";

/**
 * Returns rich content read back from JSON (a stored task result, a record from another process) as parts again:
 * a `content(...)` result or one part, branded as the factories brand them, so builders render it as media, not as
 * JSON. Only for a value that was rich content when it was written (the writer records that); anything that is not
 * a plain object is returned as it is.
 */
export function restoreContent(value: unknown): unknown {
  if (typeof value !== "object" || value === null || isRichContent(value)) return value;
  const plain = value as { readonly type?: unknown; readonly parts?: unknown };
  if (plain.type === "content" && Array.isArray(plain.parts)) {
    const parts = plain.parts.map((part: unknown) => restoreContent(part) as ContentPart);
    return brand<ContentResult>({ type: "content", parts: Object.freeze(parts) });
  }
  return brand({ ...(value as ContentPart) });
}
