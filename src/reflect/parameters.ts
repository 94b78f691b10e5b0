import { parseLiteral } from "./literal-value.js";
import { scanTokens, type Token } from "./source-scanner.js";

/** One positional parameter as written in a function's source. */
export interface SourceParameter {
  /** Holds the parameter's name, or `undefined` for a destructuring pattern such as `{ a }` or `[b]`. */
  readonly name: string | undefined;
  /** Tells whether the parameter is a rest parameter (`...name`). */
  readonly rest: boolean;
  /** Tells whether the parameter has a default (`name = expression`). */
  readonly hasDefault: boolean;
  /** Holds the default expression as written, trimmed of surrounding whitespace and comments. */
  readonly defaultSource?: string;
  /**
   * Holds the default's value when the default is a literal: a number (also negative, hex, `1_000`, `1e3`), a
   * string, a template without `${}`, `true`, `false` (also as the minifier forms `!0` / `!1`), `null`, or an array
   * or object of literals. Absent for any other expression, `undefined` included, so absence means "unknown".
   */
  readonly defaultValue?: { readonly value: unknown };
}

/** Describes the outcome of {@link readParameters}: the parameters, or why they could not be read. */
export type ParameterReadResult =
  | { readonly ok: true; readonly parameters: readonly SourceParameter[] }
  | { readonly ok: false; readonly reason: string };

const NATIVE_CODE = /\{\s*\[native code\]\s*\}\s*$/;
const CLOSERS: Readonly<Record<string, string>> = { "(": ")", "[": "]", "{": "}" };

/**
 * Reads the positional parameters of a function or method from its source text, as the engine prints it.
 *
 * It never evaluates code: defaults are parsed as literals or left as source text. It reports `ok: false` for native
 * code, bound functions (their source is not available) and classes. It cannot see through minification: the reflector
 * checks the names read against the declared ones and says so when they differ.
 */
// `Function` is deliberate: any callable (method, arrow, bound, native) is a valid input that yields a result.
// eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
export function readParameters(fn: Function): ParameterReadResult {
  if (typeof fn !== "function") return { ok: false, reason: "the value is not a function" };
  // A class may shadow `name` with a static member, so it is not always a string.
  const name: unknown = fn.name;
  const label = typeof name === "string" && name !== "" ? `"${name}"` : "an anonymous function";
  const source = Function.prototype.toString.call(fn);
  if (NATIVE_CODE.test(source)) {
    return typeof name === "string" && name.startsWith("bound ")
      ? { ok: false, reason: `${label} is a bound function, whose source is not available; pass the unbound method` }
      : { ok: false, reason: `${label} is native code, whose parameter names are not available` };
  }
  try {
    const parameters = splitParameterList(source).map((tokens) => toParameter(tokens, source));
    return { ok: true, parameters: Object.freeze(parameters) };
  } catch (error) {
    if (!(error instanceof SyntaxError)) throw error;
    return { ok: false, reason: `cannot read the parameters of ${label}: ${error.message}` };
  }
}

// Finds the first `(` outside brackets (a computed name such as `[f(x)](a) {` holds others), or a lone arrow parameter.
function splitParameterList(source: string): Token[][] {
  const tokens = scanTokens(source);
  const head: Token[] = [];
  const open: string[] = [];
  for (let token = tokens.next(); !token.done; token = tokens.next()) {
    const { kind, text } = token.value;
    const isClass = head.length === 1 && head[0]?.text === "class" && text !== "(";
    if (isClass) throw new SyntaxError("it is a class, not a function or method");
    if (open.length === 0 && kind === "punctuator" && text === "(") return splitList(tokens);
    if (open.length === 0 && kind === "punctuator" && text === "=>") return [loneArrowParameter(head)];
    if (kind === "punctuator") track(open, text);
    head.push(token.value);
  }
  throw new SyntaxError("no parameter list found");
}

function loneArrowParameter(head: readonly Token[]): Token[] {
  const [first, second] = head;
  const param = head.length === 2 && first?.text === "async" ? second : head.length === 1 ? first : undefined;
  if (param?.kind !== "identifier") throw new SyntaxError("unexpected tokens before `=>`");
  return [param];
}

// Splits at commas outside any bracket; strings, templates, regexes and comments never reach here as separators.
function splitList(tokens: Generator<Token, void, undefined>): Token[][] {
  const params: Token[][] = [];
  let current: Token[] = [];
  const open: string[] = [];
  for (let token = tokens.next(); !token.done; token = tokens.next()) {
    const { kind, text } = token.value;
    if (open.length === 0 && kind === "punctuator" && (text === "," || text === ")")) {
      if (current.length > 0) params.push(current);
      // An empty entry is allowed only at the end: `()` or a trailing comma `(a,)`.
      else if (text === ",") throw new SyntaxError("empty parameter");
      if (text === ",") current = [];
      else return checkBodyFollows(tokens, params);
    } else {
      if (kind === "punctuator") track(open, text);
      current.push(token.value);
    }
  }
  throw new SyntaxError("unterminated parameter list");
}

// A body or `=>` must follow the list; anything else means the `(` found was not the parameter list.
function checkBodyFollows(tokens: Generator<Token, void, undefined>, params: Token[][]): Token[][] {
  const next = tokens.next();
  if (next.done || (next.value.text !== "{" && next.value.text !== "=>")) {
    throw new SyntaxError("the parameter list is not followed by a body");
  }
  return params;
}

function track(open: string[], text: string): void {
  const closer = CLOSERS[text];
  if (closer !== undefined) open.push(closer);
  else if (text === ")" || text === "]" || text === "}") {
    if (open.pop() !== text) throw new SyntaxError(`unbalanced ${JSON.stringify(text)}`);
  }
}

function toParameter(tokens: readonly Token[], source: string): SourceParameter {
  const rest = tokens[0]?.kind === "punctuator" && tokens[0].text === "...";
  const body = rest ? tokens.slice(1) : tokens;
  const equals = defaultStart(body);
  const binding = equals < 0 ? body : body.slice(0, equals);
  const name = bindingName(binding);
  if (equals < 0) return { name, rest, hasDefault: false };
  const value = body.slice(equals + 1);
  const first = value[0];
  const last = value[value.length - 1];
  if (first === undefined || last === undefined) throw new SyntaxError("empty default");
  const literal = parseLiteral(value);
  const defaultSource = source.slice(first.start, last.end);
  return { name, rest, hasDefault: true, defaultSource, ...(literal === undefined ? {} : { defaultValue: literal }) };
}

// The first `=` outside the binding pattern starts the default; the scanner keeps `==`, `=>`, `>=` whole.
function defaultStart(body: readonly Token[]): number {
  const open: string[] = [];
  for (const [index, token] of body.entries()) {
    if (token.kind !== "punctuator") continue;
    if (token.text === "=" && open.length === 0) return index;
    track(open, token.text);
  }
  return -1;
}

function bindingName(binding: readonly Token[]): string | undefined {
  const [first] = binding;
  if (binding.length === 1 && first?.kind === "identifier" && first.cooked !== undefined) return first.cooked;
  if (first?.kind === "punctuator" && (first.text === "{" || first.text === "[")) return undefined;
  throw new SyntaxError("unexpected tokens in a parameter");
}

/**
 * Returns true when parameters look renamed by a minifier: at least two, each a plain name of one or two characters.
 * A hint, not a verdict (a hand-written `(a, b)` looks the same): it only decides whether names read from a method
 * are worth comparing with the ones a generated schema recorded.
 */
export function looksMinified(params: readonly SourceParameter[]): boolean {
  return params.length >= 2 && params.every((p) => p.name !== undefined && p.name.length <= 2);
}
