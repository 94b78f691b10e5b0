import type * as ts from "typescript";
import type { TypeScript } from "./load-typescript.js";

/**
 * Returns the value of an initializer written as a JSON literal (string, number, `true`, `false`, `null`, or arrays
 * and objects of them), or `undefined` for any other expression: only a literal is safe to publish as a `default`.
 */
export function literalOf(tsApi: TypeScript, expression: ts.Expression): { readonly value: unknown } | undefined {
  if (tsApi.isParenthesizedExpression(expression) || tsApi.isAsExpression(expression)) {
    return literalOf(tsApi, expression.expression);
  }
  if (tsApi.isStringLiteral(expression) || tsApi.isNoSubstitutionTemplateLiteral(expression)) {
    return { value: expression.text };
  }
  if (tsApi.isNumericLiteral(expression)) return { value: Number(expression.text) };
  if (
    tsApi.isPrefixUnaryExpression(expression) &&
    expression.operator === tsApi.SyntaxKind.MinusToken &&
    tsApi.isNumericLiteral(expression.operand)
  ) {
    return { value: -Number(expression.operand.text) };
  }
  if (expression.kind === tsApi.SyntaxKind.TrueKeyword) return { value: true };
  if (expression.kind === tsApi.SyntaxKind.FalseKeyword) return { value: false };
  if (expression.kind === tsApi.SyntaxKind.NullKeyword) return { value: null };
  if (tsApi.isArrayLiteralExpression(expression)) {
    const items: unknown[] = [];
    for (const element of expression.elements) {
      const item = literalOf(tsApi, element);
      if (!item) return undefined;
      items.push(item.value);
    }
    return { value: items };
  }
  if (tsApi.isObjectLiteralExpression(expression)) {
    const object: Record<string, unknown> = {};
    for (const property of expression.properties) {
      if (!tsApi.isPropertyAssignment(property)) return undefined;
      const key = property.name;
      if (!tsApi.isIdentifier(key) && !tsApi.isStringLiteral(key)) return undefined;
      const item = literalOf(tsApi, property.initializer);
      if (!item) return undefined;
      object[key.text] = item.value;
    }
    return { value: object };
  }
  return undefined;
}
