import { resultCutNotice } from "../errors/model-messages.js";

/**
 * The most characters of a result a model reads when neither the tool nor the agent sets `maxResultChars`: about
 * 12,000 tokens, a small share of any current context window, and in the range other agent tools cap at (30-50 kB).
 */
export const DEFAULT_MAX_RESULT_CHARS = 50_000;

/**
 * Returns `text` when it fits in `maxChars`; otherwise its head and its tail around a notice saying how much was cut,
 * the whole at most `maxChars` long. Two thirds of the room go to the head (where most tools put what matters) and
 * one third to the tail (where logs and errors end); each side is cut at a line break when one is near, and never
 * inside a surrogate pair.
 * @example truncateForModel(log, 2_000) // "first lines…\n\n[… 48,000 of 50,000 characters cut …]\n\n…last lines"
 */
export function truncateForModel(text: string, maxChars: number): string {
  if (text.length <= maxChars) return text;
  const notice = (cut: number) => resultCutNotice(cut, text.length, maxChars);
  // The notice's length depends on the count it prints; the longest count (all of the text) bounds it.
  const room = maxChars - notice(text.length).length;
  if (room <= 0) return text.slice(0, keepPair(text, Math.max(0, maxChars)));
  const headEnd = nearLineBreak(text, keepPair(text, Math.ceil((room * 2) / 3)), true);
  const tailStart = nearLineBreak(text, text.length - (room - headEnd), false);
  return text.slice(0, headEnd) + notice(tailStart - headEnd) + text.slice(tailStart);
}

// An index that does not split a surrogate pair: step back over a lone high surrogate.
function keepPair(text: string, index: number): number {
  const code = text.charCodeAt(index - 1);
  return code >= 0xd800 && code <= 0xdbff ? index - 1 : index;
}

// Moves a cut to a line break within the last (head) or first (tail) eighth of its side, when there is one.
function nearLineBreak(text: string, index: number, head: boolean): number {
  const reach = Math.floor(Math.abs(head ? index : text.length - index) / 8);
  if (head) {
    const at = text.lastIndexOf("\n", index - 1);
    return at >= 0 && index - at <= reach ? at + 1 : index;
  }
  const at = text.indexOf("\n", index);
  const cut = at >= 0 && at - index <= reach ? at + 1 : index;
  return cut + (isLowSurrogate(text.charCodeAt(cut)) ? 1 : 0);
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}
