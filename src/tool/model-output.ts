import { checkContent } from "../content/check-content.js";
import { type ContentPart, isRichContent, partsOf } from "../content/content-part.js";
import { DEFAULT_MAX_RESULT_CHARS, truncateForModel } from "../content/truncate-for-model.js";
import { ErrorCode } from "../errors/error-code.js";
import { invalidContentText, partsDroppedNotice } from "../errors/model-messages.js";
import { type ToolResult, renderToolResult, shownContent } from "./tool-result.js";
import { envelopeClosing, envelopeOpening, neutraliseMarkers } from "./untrusted-output.js";

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
  if (parts.length === 0) return { parts: marked(result, [textPart("")]), isError: false };
  return { parts: marked(result, withinBudget(parts, max)), isError: false };
}

// Rich content of an untrusted result between the envelope's markers (as text parts of their own, its text parts
// with forged markers neutralised), and the repeat guard's note before it: what renderToolResult does for text.
function marked(result: ToolResult, parts: readonly ContentPart[]): readonly ContentPart[] {
  const { untrusted, notice } = result;
  if (untrusted === undefined && notice === undefined) return parts;
  let out = parts;
  if (untrusted !== undefined) {
    const inside = parts.map((part) => (part.type === "text" ? { ...part, text: neutraliseMarkers(part.text) } : part));
    const closing = envelopeClosing(untrusted).slice(1);
    out = [textPart(envelopeOpening(untrusted, result.toolName).slice(0, -1)), ...inside, textPart(closing)];
  }
  return notice === undefined ? out : [textPart(notice), ...out];
}

// The fewest characters a cut text part keeps: less would be all notice and no text.
const LEAST_CUT_PART = 32;

// The characters a model reads of a part: its text, a link's name, URI, type and description, a file's name, an
// image's URL (bytes are not counted: providers limit them by size), and one for the line that separates it from
// the next, so that many tiny parts cannot pass as nearly free.
function readChars(part: ContentPart): number {
  switch (part.type) {
    case "text":
      return part.text.length + 1;
    case "resource_link":
      return part.uri.length + part.name.length + (part.mimeType?.length ?? 0) + (part.description?.length ?? 0) + 1;
    case "file":
      return part.filename.length + 1;
    case "image":
      return (part.url?.length ?? 0) + 1;
    case "audio":
      return 1;
  }
}

// Parts in order while the budget lasts: a text part that does not fit whole keeps its share of the budget (in
// proportion to its length, as every text part of a long result does) when that share is worth keeping; a part
// that does not fit is dropped, and one notice at the end says how many were.
function withinBudget(parts: readonly ContentPart[], max: number): readonly ContentPart[] {
  const costs = parts.map(readChars);
  const total = costs.reduce((sum, cost) => sum + cost, 0);
  if (total <= max) return parts;
  const notice = (dropped: number) => partsDroppedNotice(dropped, parts.length, max);
  const budget = max - notice(parts.length).length;
  if (budget <= 0) return [textPart(truncateForModel(notice(parts.length), max))];
  const kept: ContentPart[] = [];
  let left = budget;
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i]!;
    const cost = costs[i]!;
    const fair = Math.floor((budget * cost) / total);
    if (part.type === "text" && cost > fair && cost > LEAST_CUT_PART) {
      // Longer than its share: cut to the share (one character of it is the separating line).
      const share = Math.min(left, Math.max(LEAST_CUT_PART, fair));
      if (share >= LEAST_CUT_PART) {
        kept.push(textPart(truncateForModel(part.text, share - 1)));
        left -= share;
      }
    } else if (cost <= left) {
      kept.push(part);
      left -= cost;
    }
  }
  const dropped = parts.length - kept.length;
  return dropped === 0 ? kept : [...kept, textPart(notice(dropped))];
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
