import type { AnyNode, Expression, Function as FunctionNode, Options, Pattern } from "acorn";
import loadParser from "./load-parser.cjs";
import { literalValue } from "./literal-value.js";
import { METHOD_START, readSimpleParameters } from "./simple-parameters.js";
import type { SourceParameter } from "./source-parameter.js";

export type { SourceParameter } from "./source-parameter.js";

/** Describes the outcome of {@link readParameters}: the parameters, or why they could not be read. */
export type ParameterReadResult =
  | { readonly ok: true; readonly parameters: readonly SourceParameter[] }
  | { readonly ok: false; readonly reason: string };

const NATIVE_CODE = /\{\s*\[native code\]\s*\}\s*$/;
const OPTIONS: Options = { ecmaVersion: "latest", sourceType: "script", preserveParens: true };
// How the engine may print a function: as an expression (function, arrow, class), as a class member (methods,
// accessors, with their modifiers), or as a member without its name (V8 prints a method named `static` that way).
const WRAPPERS: readonly (readonly [string, string])[] = [
  ["(", "\n)"],
  ["(class {", "\n})"],
  ["(class { m", "\n})"],
];

/**
 * Reads the positional parameters of a function or method from its source text, as the engine prints it, with a
 * JavaScript parser (acorn, loaded on first use). A method whose list is trivially simple (plain names, literal
 * defaults) is read without the parser, with the same result: most methods never make a process load it.
 *
 * It never evaluates code: defaults are read as literals from the syntax tree or left as source text. It reports
 * `ok: false` for native code, bound functions (their source is not available) and classes. It cannot see through
 * minification: the reflector checks the names read against the declared ones and says so when they differ.
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
  const parameters = readSimpleParameters(source) ?? parseParameters(source);
  if (typeof parameters === "string") {
    return { ok: false, reason: `cannot read the parameters of ${label}: ${parameters}` };
  }
  return { ok: true, parameters };
}

/**
 * Reads the parameters of a function's source text with the parser, or returns why it cannot. What
 * `readSimpleParameters` returns for a list it accepts must equal this (the tests compare the two on a corpus).
 */
export function parseParameters(source: string): readonly SourceParameter[] | string {
  const parsed = parseFunction(source);
  if (typeof parsed === "string") return parsed;
  const { node, offset } = parsed;
  return Object.freeze(node.params.map((param) => toParameter(param, source, offset)));
}

/**
 * Reads the literal defaults of a method's first parameter when it is a destructuring pattern (`{ q, limit = 10 }`),
 * keyed by property name. Returns `undefined` when the source cannot be read or the first parameter is no pattern;
 * a default that is not a literal is left out.
 */
// eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
export function readPatternDefaults(fn: Function): ReadonlyMap<string, { readonly value: unknown }> | undefined {
  const source = Function.prototype.toString.call(fn);
  if (NATIVE_CODE.test(source) || !/^[^(]*\(\s*\{/.test(source)) return undefined;
  const parsed = parseFunction(source);
  if (typeof parsed === "string") return undefined;
  let first: Pattern | undefined = parsed.node.params[0];
  if (first?.type === "AssignmentPattern") first = first.left;
  if (first?.type !== "ObjectPattern") return undefined;
  const defaults = new Map<string, { readonly value: unknown }>();
  for (const property of first.properties) {
    if (property.type !== "Property" || property.computed || property.value.type !== "AssignmentPattern") continue;
    const key = property.key.type === "Identifier" ? property.key.name : literalValue(property.key)?.value;
    const literal = literalValue(property.value.right);
    if (typeof key === "string" && literal) defaults.set(key, literal);
  }
  return defaults;
}

// The worker and browser build has no parser (reflect/load-parser-web.ts): only simple lists are read there.
const NO_PARSER =
  "the worker and browser build reads only parameter lists of plain names with literal defaults, and this one is not";

// Returns the function node and the offset of the source inside the wrapped text, or why there is none.
function parseFunction(source: string): { node: FunctionNode; offset: number } | string {
  // Loaded on the first read, not at import: agents made only of @tool methods never pay for the parser.
  const parser = loadParser();
  if (parser === undefined) return NO_PARSER;
  // A method's source (`name(a, b = 1) { ... }`) never parses as an expression, and acorn's SyntaxError for that
  // first try cost as much as the parse itself: try the method wrapper first for those.
  if (METHOD_START.test(source)) {
    const found = tryWrapper(parser, source, WRAPPERS[1]!);
    if (typeof found === "object") return found;
  }
  let reason = "no parameter list found";
  for (const [before, after] of WRAPPERS) {
    let program;
    try {
      program = parser.parse(before + source + after, OPTIONS);
    } catch (error) {
      if (!(error instanceof SyntaxError)) throw error;
      if (before === "(") reason = error.message;
      continue;
    }
    const node = functionNode(program.body[0], before !== "(");
    if (node === "class") return "it is a class, not a function or method";
    if (node) return { node, offset: before.length };
  }
  return reason;
}

// Parses with one wrapper; returns the function node, "class", or undefined when it does not parse or finds none.
function tryWrapper(
  parser: NonNullable<ReturnType<typeof loadParser>>,
  source: string,
  [before, after]: readonly [string, string],
): { node: FunctionNode; offset: number } | "class" | undefined {
  let program;
  try {
    program = parser.parse(before + source + after, OPTIONS);
  } catch (error) {
    if (!(error instanceof SyntaxError)) throw error;
    return undefined;
  }
  const node = functionNode(program.body[0], before !== "(");
  return node && node !== "class" ? { node, offset: before.length } : node;
}

function functionNode(statement: AnyNode | undefined, wrapped: boolean): FunctionNode | "class" | undefined {
  if (statement?.type !== "ExpressionStatement") return undefined;
  let expression: AnyNode = statement.expression;
  while (expression.type === "ParenthesizedExpression") expression = expression.expression;
  if (expression.type === "FunctionExpression" || expression.type === "ArrowFunctionExpression") return expression;
  if (expression.type !== "ClassExpression") return undefined;
  // Unwrapped, the source itself is a class; wrapped, the method is the wrapper class's only member.
  const [member, ...others] = expression.body.body;
  if (!wrapped) return "class";
  return others.length === 0 && member?.type === "MethodDefinition" ? member.value : undefined;
}

function toParameter(param: Pattern, source: string, offset: number): SourceParameter {
  const rest = param.type === "RestElement";
  const binding = rest ? param.argument : param;
  if (binding.type !== "AssignmentPattern") return { name: bindingName(binding), rest, hasDefault: false };
  const value: Expression = binding.right;
  const literal = literalValue(value);
  return {
    name: bindingName(binding.left),
    rest,
    hasDefault: true,
    defaultSource: source.slice(value.start - offset, value.end - offset),
    ...(literal === undefined ? {} : { defaultValue: literal }),
  };
}

function bindingName(pattern: Pattern): string | undefined {
  return pattern.type === "Identifier" ? pattern.name : undefined;
}

/**
 * Returns true when parameters look renamed by a minifier: at least two, each a plain name of one or two characters.
 * A hint, not a verdict (a hand-written `(a, b)` looks the same): it only decides whether names read from a method
 * are worth comparing with the ones a generated schema recorded.
 */
export function looksMinified(params: readonly SourceParameter[]): boolean {
  return params.length >= 2 && params.every((p) => p.name !== undefined && p.name.length <= 2);
}
