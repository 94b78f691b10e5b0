/**
 * Parses JSON with comments and trailing commas, as tsconfig.json allows.
 * @throws {SyntaxError} for text that is not JSON once comments and trailing commas are removed.
 */
export function parseJsonc(text: string): unknown {
  return JSON.parse(toJson(text));
}

// One pass: strings are copied whole (so `//`, `/*` and `,}` inside them stay), comments are dropped, and a comma is
// dropped when only whitespace and comments stand between it and a closing bracket.
function toJson(text: string): string {
  let out = "";
  for (let i = 0; i < text.length;) {
    if (text[i] === '"') {
      const end = stringEnd(text, i);
      out += text.slice(i, end);
      i = end;
    } else if (isCommentStart(text, i)) {
      i = commentEnd(text, i);
    } else {
      if (text[i] !== "," || !closesNext(text, i + 1)) out += text[i];
      i += 1;
    }
  }
  return out;
}

// Returns the index just after the string literal that starts at `start`.
function stringEnd(text: string, start: number): number {
  let end = start + 1;
  while (end < text.length && text[end] !== '"') end += text[end] === "\\" ? 2 : 1;
  return end + 1;
}

function isCommentStart(text: string, at: number): boolean {
  return text.startsWith("//", at) || text.startsWith("/*", at);
}

// Returns the index just after the comment that starts at `start` (a line comment ends before its newline).
function commentEnd(text: string, start: number): number {
  if (text.startsWith("//", start)) {
    const newline = text.indexOf("\n", start);
    return newline === -1 ? text.length : newline;
  }
  const close = text.indexOf("*/", start + 2);
  return close === -1 ? text.length : close + 2;
}

// Tells whether the first character from `start` that is neither whitespace nor inside a comment closes a bracket.
function closesNext(text: string, start: number): boolean {
  let at = start;
  while (at < text.length) {
    if (/\s/.test(text[at]!)) at += 1;
    else if (isCommentStart(text, at)) at = commentEnd(text, at);
    else break;
  }
  return text[at] === "}" || text[at] === "]";
}
