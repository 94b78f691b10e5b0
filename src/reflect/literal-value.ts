import type { Token } from "./source-scanner.js";

const NOT_LITERAL: unique symbol = Symbol("not a literal");
const KEYWORD_VALUES = new Map<string, unknown>([
  ["true", true],
  ["false", false],
  ["null", null],
]);

/**
 * Parses the tokens of a default expression as a JSON-like literal (numbers, strings, templates without `${}`,
 * `true`/`false`/`null` and their minified forms, arrays and objects of those). A tiny recursive-descent parser: no
 * code is ever evaluated. Returns undefined for anything else.
 */
export function parseLiteral(tokens: readonly Token[]): { readonly value: unknown } | undefined {
  let index = 0;
  const take = (text: string): boolean => {
    const token = tokens[index];
    const matches = token?.kind === "punctuator" && token.text === text;
    if (matches) index += 1;
    return matches;
  };
  const ends = (closer: string): boolean => take(",") || tokens[index]?.text === closer;
  const value = (): unknown => {
    const token = tokens[index++];
    if (token === undefined) return NOT_LITERAL;
    if (token.kind === "number") return numberValue(token.text);
    if (token.kind === "string" || token.kind === "template") return token.cooked ?? NOT_LITERAL;
    if (token.kind === "identifier")
      return KEYWORD_VALUES.has(token.text) ? KEYWORD_VALUES.get(token.text) : NOT_LITERAL;
    if (token.kind !== "punctuator") return NOT_LITERAL;
    const next = tokens[index];
    if (token.text === "-" && next?.kind === "number") {
      index += 1;
      return negate(numberValue(next.text));
    }
    // Minifiers print `true` as `!0` and `false` as `!1`.
    if (token.text === "!" && next?.kind === "number" && /^[01]$/.test(next.text)) {
      index += 1;
      return next.text === "0";
    }
    if (token.text === "(") {
      // esbuild wraps a default in parentheses to keep a comment written inside it.
      const inner = value();
      return take(")") ? inner : NOT_LITERAL;
    }
    if (token.text === "[") {
      const items: unknown[] = [];
      while (!take("]")) {
        const item = value();
        if (item === NOT_LITERAL || !ends("]")) return NOT_LITERAL;
        items.push(item);
      }
      return items;
    }
    if (token.text !== "{") return NOT_LITERAL;
    const result: Record<string, unknown> = {};
    while (!take("}")) {
      const key = propertyKey(tokens[index++]);
      // `__proto__: x` sets the prototype instead of a property, so it is not plain data.
      if (key === undefined || key === "__proto__" || !take(":")) return NOT_LITERAL;
      const item = value();
      if (item === NOT_LITERAL || !ends("}")) return NOT_LITERAL;
      result[key] = item;
    }
    return result;
  };
  const result = value();
  return result === NOT_LITERAL || index !== tokens.length ? undefined : { value: result };
}

function propertyKey(token: Token | undefined): string | undefined {
  if (token?.kind === "identifier" && !token.text.startsWith("#")) return token.cooked;
  if (token?.kind === "string") return token.cooked;
  const number = token?.kind === "number" ? numberValue(token.text) : NOT_LITERAL;
  return typeof number === "number" ? String(number) : undefined;
}

// BigInts have no JSON form, and legacy octal (`017`) is a syntax error in the strict code of class bodies.
function numberValue(text: string): number | typeof NOT_LITERAL {
  if (text.endsWith("n") || /^0\d/.test(text)) return NOT_LITERAL;
  return Number(text.replaceAll("_", ""));
}

function negate(value: number | typeof NOT_LITERAL): number | typeof NOT_LITERAL {
  return value === NOT_LITERAL ? value : -value;
}
