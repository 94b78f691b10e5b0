import { checkContent } from "../content/check-content.js";
import { type ContentPart, isRichContent, partsOf } from "../content/content-part.js";
import { DEFAULT_MAX_RESULT_CHARS, truncateForModel } from "../content/truncate-for-model.js";
import { ErrorCode } from "../errors/error-code.js";
import { invalidContentText } from "../errors/model-messages.js";
import { type ToolResult, renderToolResult, shownContent } from "./tool-result.js";

/** How much of a result the model reads. */
export interface ModelOutputOptions {
  /** The most characters of text the model reads; default {@link DEFAULT_MAX_RESULT_CHARS}. */
  readonly maxResultChars?: number;
}

/** What the model reads of a result: parts in order (text first-class), and whether it reads as a failure. */
export interface ModelOutput {
  readonly parts: readonly ContentPart[];
  readonly isError: boolean;
}

/**
 * Returns what the model reads of a result, the one input of every provider's result builder: a failure as its
 * `Error (CODE): message` text; rich content as its parts; anything else as its text (a string as it is, other values
 * as JSON). Text beyond `maxResultChars` is cut to its head and tail with a notice (parts share the budget in
 * proportion to their length); media parts are not counted, since providers limit them by bytes. Rich content that
 * breaks the part rules (bad base64, an unknown mime type, a missing field) reads as an `INVALID_RESULT` failure
 * naming the part, so no provider is sent a request it would refuse.
 */
export function modelOutput(result: ToolResult, options: ModelOutputOptions = {}): ModelOutput {
  const max = options.maxResultChars ?? result.maxResultChars ?? DEFAULT_MAX_RESULT_CHARS;
  const shown = shownContent(result);
  if (!result.ok || !isRichContent(shown)) {
    return { parts: [textPart(truncateForModel(renderToolResult(result), max))], isError: !result.ok };
  }
  const issues = checkContent(shown);
  if (issues.length > 0) {
    const text = `Error (${ErrorCode.InvalidResult}): ${invalidContentText(result.toolName, issues)}`;
    return { parts: [textPart(text)], isError: true };
  }
  const parts = partsOf(shown);
  // An empty content(...) is an empty answer, which every provider takes as text; an empty part list some refuse.
  if (parts.length === 0) return { parts: [textPart("")], isError: false };
  const total = parts.reduce((sum, part) => sum + (part.type === "text" ? part.text.length : 0), 0);
  if (total <= max) return { parts, isError: false };
  const cut = parts.map((part) =>
    part.type === "text"
      ? textPart(truncateForModel(part.text, Math.max(1, Math.floor((max * part.text.length) / total))))
      : part,
  );
  return { parts: cut, isError: false };
}

/**
 * Returns true when the model may read a result as it is (its value as JSON, where a framework sends one) within its
 * `maxResultChars`: its whole text fits. Otherwise the model must read the text {@link modelOutput} cuts, so no
 * surface sends more than the budget.
 */
export function fitsModelBudget(result: ToolResult, options: ModelOutputOptions = {}): boolean {
  const max = options.maxResultChars ?? result.maxResultChars ?? DEFAULT_MAX_RESULT_CHARS;
  return renderToolResult(result).length <= max;
}

function textPart(text: string): ContentPart {
  return { type: "text", text };
}
