import { type Base64Input, toBase64 } from "./base64.js";
import { type ContentAnnotations, type ImagePart, annotated, brand } from "./content-part.js";

/**
 * Makes an image part for a tool's result: base64 bytes (or a `Uint8Array`, encoded for you) with their mime type,
 * or a URL for providers that fetch images. Nothing is checked here: a bad part makes the call fail with
 * `INVALID_RESULT` naming it, as any result that breaks its contract does.
 * @example
 * \@tool({ description: "Screenshot the page" })
 * async screenshot() { return content("The page as it looks now", image({ data: await shot(), mimeType: "image/png" })); }
 */
export function image(
  source:
    | { readonly data: Base64Input; readonly mimeType: string; readonly annotations?: ContentAnnotations }
    | { readonly url: string; readonly mimeType?: string; readonly annotations?: ContentAnnotations },
): ImagePart {
  if ("url" in source && source.url !== undefined) {
    const { url, mimeType } = source;
    return brand({ type: "image", url, ...(mimeType === undefined ? {} : { mimeType }), ...annotated(source) });
  }
  const { data, mimeType } = source as { readonly data: Base64Input; readonly mimeType: string };
  return brand({ type: "image", data: toBase64(data), mimeType, ...annotated(source) });
}
