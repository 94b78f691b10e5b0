/** The kinds of token the scanner tells apart; whitespace and comments never become tokens. */
export type TokenKind = "identifier" | "number" | "string" | "template" | "regex" | "punctuator";

/** One token of JavaScript source, with its offsets so a caller can slice the original text. */
export interface Token {
  readonly kind: TokenKind;
  readonly text: string;
  readonly start: number;
  readonly end: number;
  /**
   * Holds the value of a string, of a template without `${}`, or of an identifier written with `\u` escapes.
   * It is absent when an escape is invalid (legacy octal, malformed `\u`) or a template has substitutions.
   */
  readonly cooked?: string;
}

// Longest first, so that `===` is never read as `==` followed by `=` (maximal munch).
const PUNCTUATORS =
  ">>>= ... === !== **= <<= >>= >>> &&= ||= ??= => == != <= >= += -= *= /= %= &= |= ^= && || ?? ++ -- ** << >>".split(
    " ",
  );
const SINGLE_PUNCTUATORS = "{}()[];,<>+-*/%&|^!~?:=.@";
const ESCAPED_CHAR = String.raw`\\u[\da-fA-F]{4}|\\u\{[\da-fA-F]+\}`;
const IDENTIFIER = new RegExp(
  String.raw`#?(?:[\p{ID_Start}$_]|${ESCAPED_CHAR})(?:[\p{ID_Continue}$\u200c\u200d]|${ESCAPED_CHAR})*`,
  "uy",
);
const NUMBER =
  /(?:0[xX][\da-fA-F](?:_?[\da-fA-F])*|0[oO][0-7](?:_?[0-7])*|0[bB][01](?:_?[01])*|(?:\d(?:_?\d)*(?:\.(?:\d(?:_?\d)*)?)?|\.\d(?:_?\d)*)(?:[eE][+-]?\d(?:_?\d)*)?)n?/y;
const LINE_TERMINATOR = /[\n\r\u2028\u2029]/;
// After these words an expression starts, so a `/` opens a regular expression rather than dividing.
const KEYWORDS_BEFORE_EXPRESSION = new Set([
  "return",
  "typeof",
  "instanceof",
  "in",
  "of",
  "new",
  "delete",
  "void",
  "throw",
  "case",
  "do",
  "else",
  "yield",
  "await",
  "extends",
]);

/**
 * Yields the tokens of `source` from offset `from`, lazily, so a caller can stop at the end of a parameter list
 * without scanning the function body.
 * @throws {SyntaxError} when a string, comment, template or regular expression is not terminated.
 */
export function* scanTokens(source: string, from = 0): Generator<Token, void, undefined> {
  let pos = from;
  let previous: Token | undefined;
  while (pos < source.length) {
    const char = source[pos] ?? "";
    const next = source[pos + 1] ?? "";
    if (/\s/.test(char)) {
      pos += 1;
    } else if (char === "/" && next === "/") {
      while (pos < source.length && !LINE_TERMINATOR.test(source[pos] ?? "")) pos += 1;
    } else if (char === "/" && next === "*") {
      const close = source.indexOf("*/", pos + 2);
      if (close < 0) throw new SyntaxError(`unterminated comment at offset ${pos}`);
      pos = close + 2;
    } else {
      previous = readToken(source, pos, previous);
      pos = previous.end;
      yield previous;
    }
  }
}

function readToken(source: string, start: number, previous: Token | undefined): Token {
  const char = source[start] ?? "";
  if (char === '"' || char === "'") {
    const end = skipQuoted(source, start + 1, char);
    return { kind: "string", text: source.slice(start, end), start, end, ...cook(source.slice(start + 1, end - 1)) };
  }
  if (char === "`") return readTemplate(source, start);
  if (char === "/" && startsExpression(previous)) return readRegex(source, start);
  const number = matchAt(NUMBER, source, start);
  if (number) return { kind: "number", text: number, start, end: start + number.length };
  const identifier = matchAt(IDENTIFIER, source, start);
  if (identifier) {
    const end = start + identifier.length;
    const cooked = identifier.includes("\\") ? cook(identifier) : { cooked: identifier };
    return { kind: "identifier", text: identifier, start, end, ...cooked };
  }
  const punctuator = PUNCTUATORS.find((p) => source.startsWith(p, start)) ?? char;
  // `?.` is optional chaining except before a digit, where it is `?` followed by a number such as `.5`.
  const text = char === "?" && source[start + 1] === "." && !/\d/.test(source[start + 2] ?? "") ? "?." : punctuator;
  if (text.length === 1 && !SINGLE_PUNCTUATORS.includes(text)) {
    throw new SyntaxError(`unexpected character ${JSON.stringify(text)} at offset ${start}`);
  }
  return { kind: "punctuator", text, start, end: start + text.length };
}

function matchAt(pattern: RegExp, source: string, start: number): string | undefined {
  pattern.lastIndex = start;
  return pattern.exec(source)?.[0];
}

// A `/` after a value (identifier, number, closing bracket, postfix ++/--) divides; anywhere else it opens a regex.
function startsExpression(previous: Token | undefined): boolean {
  if (previous === undefined) return true;
  if (previous.kind === "identifier") return KEYWORDS_BEFORE_EXPRESSION.has(previous.text);
  if (previous.kind !== "punctuator") return false;
  return ![")", "]", "}", "++", "--"].includes(previous.text);
}

function skipQuoted(source: string, pos: number, quote: string): number {
  for (let i = pos; i < source.length; i += 1) {
    if (source[i] === "\\") i += 1;
    else if (source[i] === quote) return i + 1;
  }
  throw new SyntaxError(`unterminated string at offset ${pos - 1}`);
}

function readRegex(source: string, start: number): Token {
  let inClass = false;
  for (let i = start + 1; i < source.length; i += 1) {
    const char = source[i] ?? "";
    if (LINE_TERMINATOR.test(char)) break;
    if (char === "\\") i += 1;
    else if (char === "[") inClass = true;
    else if (char === "]") inClass = false;
    else if (char === "/" && !inClass) {
      const end = i + 1 + (matchAt(/[a-z]*/y, source, i + 1)?.length ?? 0);
      return { kind: "regex", text: source.slice(start, end), start, end };
    }
  }
  throw new SyntaxError(`unterminated regular expression at offset ${start}`);
}

function readTemplate(source: string, start: number): Token {
  let substitutions = false;
  for (let i = start + 1; i < source.length; i += 1) {
    const char = source[i];
    if (char === "\\") {
      i += 1;
    } else if (char === "`") {
      const text = source.slice(start, i + 1);
      // Template text keeps raw CR LF pairs, but its value normalises them to LF.
      const cooked = substitutions ? {} : cook(text.slice(1, -1).replace(/\r\n?/g, "\n"));
      return { kind: "template", text, start, end: i + 1, ...cooked };
    } else if (char === "$" && source[i + 1] === "{") {
      substitutions = true;
      i = skipSubstitution(source, i + 2) - 1;
    }
  }
  throw new SyntaxError(`unterminated template literal at offset ${start}`);
}

// Scans the expression inside `${...}` with a nested scanner, so braces, strings and nested templates count properly.
function skipSubstitution(source: string, pos: number): number {
  let depth = 0;
  for (const token of scanTokens(source, pos)) {
    if (token.kind !== "punctuator") continue;
    if (token.text === "{") depth += 1;
    else if (token.text === "}" && depth-- === 0) return token.end;
  }
  throw new SyntaxError(`unterminated template substitution at offset ${pos - 2}`);
}

const SIMPLE_ESCAPES: Readonly<Record<string, string>> = { n: "\n", t: "\t", r: "\r", b: "\b", f: "\f", v: "\v" };
const ESCAPE = /\\(u\{[\da-fA-F]+\}|u[\da-fA-F]{4}|x[\da-fA-F]{2}|\r\n|[\s\S])/g;

// Decodes escapes the way a strict-mode engine does; forms strict code rejects make the value unknown.
function cook(body: string): { cooked?: string } {
  let valid = true;
  const cooked = body.replace(ESCAPE, (match: string, escape: string, offset: number) => {
    const first = escape[0] ?? "";
    if (escape.length > 1 && (first === "u" || first === "x")) {
      const code = Number.parseInt(escape.replace(/[ux{}]/g, ""), 16);
      if (code <= 0x10ffff) return String.fromCodePoint(code);
    } else if (escape === "0" && !/\d/.test(body[offset + match.length] ?? "")) {
      return "\0";
    } else if (!/[\dux]/.test(first)) {
      return LINE_TERMINATOR.test(first) ? "" : (SIMPLE_ESCAPES[first] ?? first);
    }
    valid = false;
    return "";
  });
  return valid ? { cooked } : {};
}
