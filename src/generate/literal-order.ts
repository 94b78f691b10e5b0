import type * as ts from "typescript";
import type { MapContext } from "./map-context.js";

/**
 * Orders literal values as the source writes them (`"name" | "content"` lists name first), following type aliases.
 * The checker orders union members by when it first met each literal, which would make the output depend on
 * unrelated code elsewhere in the program.
 */
export function literalOrder(
  ctx: MapContext,
  values: readonly (string | number)[],
  typeNode: ts.TypeNode | undefined,
): (string | number)[] {
  const written: (string | number)[] = [];
  collect(ctx, typeNode, written, 0);
  const rank = (value: string | number) => {
    const at = written.indexOf(value);
    return at === -1 ? Number.MAX_SAFE_INTEGER : at;
  };
  return [...values].sort((a, b) => rank(a) - rank(b));
}

function collect(ctx: MapContext, node: ts.Node | undefined, into: (string | number)[], depth: number): void {
  const { ts: api } = ctx;
  if (!node || depth > 8) return;
  if (api.isUnionTypeNode(node)) for (const member of node.types) collect(ctx, member, into, depth + 1);
  else if (api.isParenthesizedTypeNode(node)) collect(ctx, node.type, into, depth + 1);
  else if (api.isLiteralTypeNode(node)) {
    const literal = node.literal;
    if (api.isStringLiteral(literal)) into.push(literal.text);
    else if (api.isNumericLiteral(literal)) into.push(Number(literal.text));
    else if (api.isPrefixUnaryExpression(literal) && api.isNumericLiteral(literal.operand)) {
      into.push(-Number(literal.operand.text));
    }
  } else if (api.isTypeReferenceNode(node)) {
    const symbol = ctx.checker.getSymbolAtLocation(node.typeName);
    const target = symbol && symbol.flags & api.SymbolFlags.Alias ? ctx.checker.getAliasedSymbol(symbol) : symbol;
    for (const declaration of target?.declarations ?? []) {
      if (api.isTypeAliasDeclaration(declaration)) collect(ctx, declaration.type, into, depth + 1);
      if (api.isEnumDeclaration(declaration)) return; // enum members are already in declaration order
    }
  }
}
