import type { SourceParameter } from "./source-parameter.js";

/** A plain method name followed by its parameter list: never `function`, `async` (maybe an arrow) or `class`. */
export const METHOD_START = /^(?!(?:function|async|class)\b)[A-Za-z_$][\w$]*\s*\(/;
// Plain decimals only: `01` (legacy octal), `1e3`, `0x1f`, `1_000` and `.5` are left to the parser.
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?/y;
// A quoted string without escapes or line breaks, whose value is exactly the text between the quotes.
const STRING = /"[^"\\\n\r]*"|'[^'\\\n\r]*'/y;

// Words that are not plain names in strict code (a class body), or that strict code refuses as parameter names.
const RESERVED: ReadonlySet<string> = new Set(
  (
    "break case catch class const continue debugger default delete do else enum export extends false finally for " +
    "function if import in instanceof new null return super switch this throw true try typeof var void while with " +
    "implements interface let package private protected public static yield await async arguments eval"
  ).split(" "),
);

const LITERAL_WORDS: Readonly<Record<string, boolean | null>> = { true: true, false: false, null: null };

/**
 * Reads the parameters of a method printed in the simplest form, without loading a parser: `name(a, b = 10) {`,
 * where each parameter is a plain name, with or without a default that is a decimal number (maybe negative), a
 * string without escapes, `true`, `false` or `null`, and nothing else: no comments, no trailing comma, no rest or
 * destructuring. Returns what the parser would read for such a list (same objects, same keys in the same order), or
 * undefined for anything else, which then goes to the parser. The body is not read: the reflector reads decorated
 * class methods, whose bodies the engine has already parsed as strict class code, as the parser's class wrapper does.
 * (Only a method of an object literal in sloppy code could hold a body that wrapper refuses; the parser then gives
 * no parameters at all, and this reader gives the ones the list plainly has.)
 */
export function readSimpleParameters(source: string): readonly SourceParameter[] | undefined {
  const start = METHOD_START.exec(source);
  if (start === null) return undefined;
  let at = skipSpace(source, start[0].length);
  const parameters: SourceParameter[] = [];
  const seen = new Set<string>();
  if (source[at] === ")") return finish(source, at, parameters);
  for (;;) {
    const name = nameAt(source, at);
    if (name === undefined || RESERVED.has(name) || seen.has(name)) return undefined;
    seen.add(name);
    at = skipSpace(source, at + name.length);
    if (source[at] === "=" && source[at + 1] !== "=" && source[at + 1] !== ">") {
      const valueAt = skipSpace(source, at + 1);
      const literal = readLiteral(source, valueAt);
      if (literal === undefined) return undefined;
      const defaultSource = source.slice(valueAt, literal.end);
      parameters.push({ name, rest: false, hasDefault: true, defaultSource, defaultValue: { value: literal.value } });
      at = skipSpace(source, literal.end);
    } else parameters.push({ name, rest: false, hasDefault: false });
    if (source[at] === ")") return finish(source, at, parameters);
    if (source[at] !== ",") return undefined;
    at = skipSpace(source, at + 1);
  }
}

// The list must close into the method's body, and the parameters are frozen as the parser's reader returns them.
function finish(source: string, close: number, parameters: SourceParameter[]): readonly SourceParameter[] | undefined {
  return source[skipSpace(source, close + 1)] === "{" ? Object.freeze(parameters) : undefined;
}

// A loop, not a sticky regular expression: in a process's first definition each call of a young regular expression
// runs in V8's regexp interpreter, and this runs several times per parameter.
function skipSpace(source: string, at: number): number {
  for (;;) {
    const code = source.charCodeAt(at);
    if (code !== 32 && code !== 9 && code !== 10 && code !== 13) return at;
    at++;
  }
}

// The plain name (`[A-Za-z_$][\w$]*`) starting at `at`, or undefined when none starts there.
function nameAt(source: string, at: number): string | undefined {
  if (!isNameStart(source.charCodeAt(at))) return undefined;
  let end = at + 1;
  while (isNameOrDigit(source, end)) end++;
  return source.slice(at, end);
}

function isNameStart(code: number): boolean {
  return (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code === 95 || code === 36;
}

// A literal must end the default: `10 + 1`, `"a".length` or `true_ish` are left to the parser (the caller checks
// that `,` or `)` follows; a name character right after a number or word would make it something else).
function readLiteral(source: string, at: number): { value: unknown; end: number } | undefined {
  const first = source[at];
  if (first === '"' || first === "'") {
    STRING.lastIndex = at;
    const text = STRING.exec(source)?.[0];
    return text === undefined ? undefined : { value: text.slice(1, -1), end: at + text.length };
  }
  NUMBER.lastIndex = at;
  const number = NUMBER.exec(source)?.[0];
  if (number !== undefined) {
    const end = at + number.length;
    return isNameOrDigit(source, end) || source[end] === "." ? undefined : { value: Number(number), end };
  }
  const word = nameAt(source, at);
  if (word === undefined || !Object.hasOwn(LITERAL_WORDS, word)) return undefined;
  return { value: LITERAL_WORDS[word], end: at + word.length };
}

function isNameOrDigit(source: string, at: number): boolean {
  const code = source.charCodeAt(at);
  return (
    (code >= 48 && code <= 57) ||
    (code >= 65 && code <= 90) ||
    (code >= 97 && code <= 122) ||
    code === 95 ||
    code === 36
  );
}
