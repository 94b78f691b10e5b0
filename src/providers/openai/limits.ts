import { MB, NONE, type ResultLimits } from "../result-limits.js";
import type { ToolNameRule } from "../tool-names.js";

/** OpenAI's rule for tool names (FunctionDefinition.name in the API reference and in openai-node `resources/shared.ts`). */
export const OPENAI_NAME_RULE: ToolNameRule = {
  pattern: /^[a-zA-Z0-9_-]{1,64}$/,
  text: "1-64 letters, digits, underscores or dashes",
  source: "https://platform.openai.com/docs/api-reference/chat/create#chat-create-tools",
};

const OPENAI_IMAGE_TYPES: ReadonlySet<string> = new Set(["image/png", "image/jpeg", "image/webp", "image/gif"]);

/**
 * OpenAI's result limits (December 2026), one per result path: images and files up to 50 MB per request (png, jpeg,
 * webp, non-animated gif; PDFs and other files as `input_file`), and on Chat Completions audio in wav or mp3.
 */
export const OPENAI_RESULT_LIMITS = {
  "openai-responses": {
    imageTypes: OPENAI_IMAGE_TYPES,
    fileTypes: "any",
    audioTypes: NONE,
    requestBytes: 50 * MB,
    source: "https://platform.openai.com/docs/guides/images-vision, https://platform.openai.com/docs/guides/pdf-files",
  },
  "openai-chat": {
    imageTypes: OPENAI_IMAGE_TYPES,
    fileTypes: "any",
    audioTypes: new Set(["audio/wav", "audio/x-wav", "audio/mpeg", "audio/mp3"]),
    requestBytes: 50 * MB,
    source: "https://platform.openai.com/docs/guides/images-vision, https://platform.openai.com/docs/guides/audio",
  },
} as const satisfies Readonly<Record<string, ResultLimits>>;
