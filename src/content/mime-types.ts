/** The image types toolwright knows; every provider that takes images takes the first four. */
export const IMAGE_MIME_TYPES: ReadonlySet<string> = new Set([
  "image/png",
  "image/jpeg",
  "image/gif",
  "image/webp",
  "image/heic",
  "image/heif",
  "image/bmp",
  "image/tiff",
  "image/svg+xml",
]);

/** The audio types toolwright knows (MCP `audio` content, OpenAI `input_audio` takes wav and mp3). */
export const AUDIO_MIME_TYPES: ReadonlySet<string> = new Set([
  "audio/wav",
  "audio/x-wav",
  "audio/mpeg",
  "audio/mp3",
  "audio/ogg",
  "audio/flac",
  "audio/aac",
  "audio/mp4",
  "audio/webm",
  "audio/aiff",
]);

// RFC 6838 §4.2: type "/" subtype, each a restricted name; parameters (";charset=...") are allowed after it.
const MIME = /^[a-z0-9][a-z0-9!#$&^_.+-]{0,126}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,126}(?:\s*;.*)?$/i;

/** Returns the mime type without parameters, lower-cased: `Text/Plain; charset=utf-8` → `text/plain`. */
export function essence(mimeType: string): string {
  return mimeType.split(";")[0]!.trim().toLowerCase();
}

/** Returns true when `mimeType` is a well-formed `type/subtype`. */
export function isMimeType(mimeType: string): boolean {
  return MIME.test(mimeType);
}
