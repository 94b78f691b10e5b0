import { MB, NONE, type ResultLimits } from "../result-limits.js";
import type { ToolNameRule } from "../tool-names.js";
import { GEMINI_RESPONSE_MEDIA_TYPES } from "./results.js";

/**
 * Gemini's rule for tool names. The Gemini API allows 128 characters, Vertex AI 64: the stricter of the two keeps a
 * tool portable between them.
 */
export const GEMINI_NAME_RULE: ToolNameRule = {
  pattern: /^[a-zA-Z_][a-zA-Z0-9_.:-]{0,63}$/,
  text: "a letter or underscore, then up to 63 letters, digits, underscores, dots, colons or dashes",
  source: "https://ai.google.dev/api/caching#FunctionDeclaration (and @google/genai FunctionDeclaration.name)",
};

/**
 * Gemini's result limits (December 2026): inline data up to 20 MB per request, in the image and document types its
 * function responses take.
 */
export const GEMINI_RESULT_LIMITS = {
  gemini: {
    imageTypes: new Set([...GEMINI_RESPONSE_MEDIA_TYPES].filter((type) => type.startsWith("image/"))),
    fileTypes: new Set(["application/pdf", "text/plain"]),
    audioTypes: NONE,
    requestBytes: 20 * MB,
    source: "https://ai.google.dev/gemini-api/docs/function-calling#multimodal",
  },
} as const satisfies Readonly<Record<string, ResultLimits>>;
