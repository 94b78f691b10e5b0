import { ANTHROPIC_IMAGE_TYPES } from "./anthropic/result-blocks.js";
import { GEMINI_RESPONSE_MEDIA_TYPES } from "./gemini/results.js";

const MB = 1024 * 1024;

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

const NONE: ReadonlySet<string> = new Set();

/**
 * Each result path's limits, from the providers' documentation (December 2026): OpenAI images and files up to 50 MB
 * per request (png, jpeg, webp, non-animated gif; PDFs and other files as `input_file`), Chat Completions audio in wav
 * or mp3; Anthropic images up to 5 MB each in jpeg, png, gif or webp, PDFs and text documents, 32 MB per request;
 * Gemini inline data up to 20 MB per request, in the image and document types its function responses take; MCP has
 * no limits of its own. Sizes count the base64 text as sent, which is what the providers measure (Anthropic's
 * refusal reads "image exceeds 5 MB maximum: <base64 length> bytes > 5242880 bytes").
 */
export const RESULT_LIMITS = {
  "openai-responses": {
    imageTypes: new Set(["image/png", "image/jpeg", "image/webp", "image/gif"]),
    fileTypes: "any",
    audioTypes: NONE,
    requestBytes: 50 * MB,
    source: "https://platform.openai.com/docs/guides/images-vision, https://platform.openai.com/docs/guides/pdf-files",
  },
  "openai-chat": {
    imageTypes: new Set(["image/png", "image/jpeg", "image/webp", "image/gif"]),
    fileTypes: "any",
    audioTypes: new Set(["audio/wav", "audio/x-wav", "audio/mpeg", "audio/mp3"]),
    requestBytes: 50 * MB,
    source: "https://platform.openai.com/docs/guides/images-vision, https://platform.openai.com/docs/guides/audio",
  },
  anthropic: {
    imageTypes: ANTHROPIC_IMAGE_TYPES,
    fileTypes: new Set(["application/pdf", "text/", "application/json"]),
    audioTypes: NONE,
    imageBytes: 5 * MB,
    requestBytes: 32 * MB,
    source: "https://docs.anthropic.com/en/docs/build-with-claude/vision, .../pdf-support",
  },
  gemini: {
    imageTypes: new Set([...GEMINI_RESPONSE_MEDIA_TYPES].filter((type) => type.startsWith("image/"))),
    fileTypes: new Set(["application/pdf", "text/plain"]),
    audioTypes: NONE,
    requestBytes: 20 * MB,
    source: "https://ai.google.dev/gemini-api/docs/function-calling#multimodal",
  },
  mcp: { imageTypes: "any", fileTypes: "any", audioTypes: "any", source: "MCP 2025-11-25 tools: content" },
} as const satisfies Readonly<Record<string, ResultLimits>>;

/** A path a result can take to a model. */
export type ResultPath = keyof typeof RESULT_LIMITS;

/** Returns true when `limits` lists `mimeType` (already without parameters). */
export function takes(types: ReadonlySet<string> | "any", mimeType: string): boolean {
  if (types === "any") return true;
  return types.has(mimeType) || (mimeType.startsWith("text/") && types.has("text/"));
}
