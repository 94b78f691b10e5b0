import { MB, NONE, type ResultLimits } from "../result-limits.js";
import type { ToolNameRule } from "../tool-names.js";
import { ANTHROPIC_IMAGE_TYPES } from "./result-blocks.js";

/** Anthropic's rule for tool names. */
export const ANTHROPIC_NAME_RULE: ToolNameRule = {
  pattern: /^[a-zA-Z0-9_-]{1,64}$/,
  text: "1-64 letters, digits, underscores or dashes",
  source: "https://platform.claude.com/docs/en/api/messages (tools[].name)",
};

/**
 * Anthropic's result limits (December 2026): images up to 5 MB each in jpeg, png, gif or webp, PDFs and text
 * documents, 32 MB per request. Sizes count the base64 text as sent, which is what Anthropic measures (its refusal
 * reads "image exceeds 5 MB maximum: <base64 length> bytes > 5242880 bytes").
 */
export const ANTHROPIC_RESULT_LIMITS = {
  anthropic: {
    imageTypes: ANTHROPIC_IMAGE_TYPES,
    fileTypes: new Set(["application/pdf", "text/", "application/json"]),
    audioTypes: NONE,
    imageBytes: 5 * MB,
    requestBytes: 32 * MB,
    source: "https://docs.anthropic.com/en/docs/build-with-claude/vision, .../pdf-support",
  },
} as const satisfies Readonly<Record<string, ResultLimits>>;
