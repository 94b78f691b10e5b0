import type { Expression, Literal, ObjectExpression, SpreadElement } from "acorn";

const NOT_LITERAL: unique symbol = Symbol("not a literal");
type Value = unknown;

/**
 * Reads a parsed default expression as a JSON-like literal: numbers, strings, templates without `${}`,
 * `true`/`false`/`null` and their minified forms `!0`/`!1`, negative numbers, and arrays and objects of those.
 * It walks the syntax tree only; no code is ever evaluated. Returns undefined for anything else.
 */
export function literalValue(node: Expression): { readonly value: unknown } | undefined {
  const value = valueOf(node);
  return value === NOT_LITERAL ? undefined : { value };
}

function valueOf(node: Expression | SpreadElement | null): Value | typeof NOT_LITERAL {
  switch (node?.type) {
    case "Literal":
      return literal(node);
    case "ParenthesizedExpression":
      // esbuild wraps a default in parentheses to keep a comment written inside it.
      return valueOf(node.expression);
    case "TemplateLiteral":
      return node.expressions.length === 0 ? (node.quasis[0]?.value.cooked ?? NOT_LITERAL) : NOT_LITERAL;
    case "UnaryExpression": {
      const operand = node.argument.type === "Literal" ? node.argument : undefined;
      if (node.operator === "-" && typeof operand?.value === "number") return negate(literal(operand));
      // Minifiers print `true` as `!0` and `false` as `!1`.
      if (node.operator === "!" && (operand?.raw === "0" || operand?.raw === "1")) return operand.raw === "0";
      return NOT_LITERAL;
    }
    case "ArrayExpression": {
      const items = node.elements.map(valueOf);
      return items.includes(NOT_LITERAL) ? NOT_LITERAL : items;
    }
    case "ObjectExpression":
      return objectOf(node);
    default:
      return NOT_LITERAL;
  }
}

function objectOf(node: ObjectExpression): Value | typeof NOT_LITERAL {
  const result: Record<string, unknown> = {};
  for (const property of node.properties) {
    if (property.type !== "Property" || property.kind !== "init" || property.method || property.shorthand) {
      return NOT_LITERAL;
    }
    if (property.computed) return NOT_LITERAL;
    const keyValue = property.key.type === "Literal" ? literal(property.key) : NOT_LITERAL;
    const key =
      property.key.type === "Identifier"
        ? property.key.name
        : typeof keyValue === "string" || typeof keyValue === "number"
          ? String(keyValue)
          : undefined;
    // `__proto__: x` sets the prototype instead of a property, so it is not plain data.
    if (key === undefined || key === "__proto__") return NOT_LITERAL;
    const value = valueOf(property.value);
    if (value === NOT_LITERAL) return NOT_LITERAL;
    result[key] = value;
  }
  return result;
}

// BigInts and regular expressions have no JSON form. Legacy octal (`017`) and octal escapes (`"\1"`, `"\8"`) are
// syntax errors in the strict code of class bodies, so a sloppy function using them gets no value either.
function literal(node: Literal): Value | typeof NOT_LITERAL {
  const raw = node.raw ?? "";
  if (node.regex || node.bigint !== undefined) return NOT_LITERAL;
  if (typeof node.value === "number") return /^0\d/.test(raw) ? NOT_LITERAL : node.value;
  if (typeof node.value === "string" && hasLegacyEscape(raw)) return NOT_LITERAL;
  return node.value;
}

function hasLegacyEscape(raw: string): boolean {
  for (let i = 0; i < raw.length; i += 1) {
    if (raw[i] !== "\\") continue;
    const next = raw[i + 1] ?? "";
    if (/[1-9]/.test(next) || (next === "0" && /\d/.test(raw[i + 2] ?? ""))) return true;
    i += 1;
  }
  return false;
}

function negate(value: Value | typeof NOT_LITERAL): Value | typeof NOT_LITERAL {
  return typeof value === "number" ? -value : NOT_LITERAL;
}
