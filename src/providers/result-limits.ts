/** What one provider takes in a tool result: which media types, and how many bytes before it answers 400 or 413. */
export interface ResultLimits {
  /** Image types sent as images; others are named in the text. */
  readonly imageTypes: ReadonlySet<string> | "any";
  /** File types sent as files or documents (a `text/` prefix stands for every text type); others are named. */
  readonly fileTypes: ReadonlySet<string> | "any";
  /** Audio types sent as audio; others are named. */
  readonly audioTypes: ReadonlySet<string> | "any";
  /** The most bytes of one image, as sent (its base64 text). */
  readonly imageBytes?: number;
  /** The most bytes of one file. */
  readonly fileBytes?: number;
  /** The most bytes of all media of one request, as sent (base64); the whole request also carries the conversation. */
  readonly requestBytes?: number;
  /** Where the figures come from. */
  readonly source: string;
}

/** One megabyte, as the providers count it. */
export const MB = 1024 * 1024;

/** No media type at all. */
export const NONE: ReadonlySet<string> = new Set();

/** Returns true when `limits` lists `mimeType` (already without parameters). */
export function takes(types: ReadonlySet<string> | "any", mimeType: string): boolean {
  if (types === "any") return true;
  return types.has(mimeType) || (mimeType.startsWith("text/") && types.has("text/"));
}
