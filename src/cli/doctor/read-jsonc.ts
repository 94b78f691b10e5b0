/**
 * Parses JSON with comments and trailing commas, as tsconfig.json allows.
 * @throws {SyntaxError} for text that is not JSON once comments and trailing commas are removed.
 */
export function parseJsonc(text: string): unknown {
  return JSON.parse(dropTrailingCommas(dropComments(text)));
}

// Returns the index just after the string literal that starts at `start`, so `//`, `/*` and `,}` inside it stay.
function stringEnd(text: string, start: number): number {
  let end = start + 1;
  while (end < text.length && text[end] !== '"') end += text[end] === "\\" ? 2 : 1;
  return end + 1;
}

function dropComments(text: string): string {
  let out = "";
  for (let i = 0; i < text.length;) {
    if (text[i] === '"') {
      const end = stringEnd(text, i);
      out += text.slice(i, end);
      i = end;
    } else if (text.startsWith("//", i)) {
      while (i < text.length && text[i] !== "\n") i += 1;
    } else if (text.startsWith("/*", i)) {
      const end = text.indexOf("*/", i + 2);
      i = end === -1 ? text.length : end + 2;
    } else {
      out += text[i];
      i += 1;
    }
  }
  return out;
}

function dropTrailingCommas(text: string): string {
  let out = "";
  for (let i = 0; i < text.length;) {
    if (text[i] === '"') {
      const end = stringEnd(text, i);
      out += text.slice(i, end);
      i = end;
      continue;
    }
    if (text[i] === ",") {
      let next = i + 1;
      while (next < text.length && /\s/.test(text[next]!)) next += 1;
      if (text[next] === "}" || text[next] === "]") {
        i += 1;
        continue;
      }
    }
    out += text[i];
    i += 1;
  }
  return out;
}
