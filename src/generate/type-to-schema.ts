import type * as ts from "typescript";
import { p } from "../params/index.js";
import type { LiteralValue } from "../params/literal.js";
import type { AnyParam } from "../params/param.js";
import { constraintsFor, saysInteger } from "./constraints.js";
import { SiteError } from "./generate-issue.js";
import { type MapContext, type Site, innerSite } from "./map-context.js";
import { mapObjectType } from "./object-to-schema.js";
import { literalOrder } from "./literal-order.js";

function describe(site: Site): { description?: string } {
  return site.doc.description ? { description: site.doc.description } : {};
}

function isIntegerBrand(ctx: MapContext, type: ts.Type): boolean {
  return (
    type.isIntersection() &&
    type.types.some((t) => (t.flags & ctx.ts.TypeFlags.Number) !== 0) &&
    type.types.some((t) => ctx.checker.getPropertyOfType(t, "~toolwright.integer") !== undefined)
  );
}

function numberParam(site: Site, integer: boolean): AnyParam {
  const options = { ...describe(site), ...constraintsFor(site.doc.tags, integer ? "integer" : "number") };
  return integer || saysInteger(site.doc.tags) ? p.integer(options) : p.number(options);
}

function literalValue(ctx: MapContext, type: ts.Type): LiteralValue | undefined {
  if (type.isStringLiteral() || type.isNumberLiteral()) return type.value;
  if (type.flags & ctx.ts.TypeFlags.BooleanLiteral) return ctx.checker.typeToString(type) === "true";
  if (type.flags & ctx.ts.TypeFlags.Null) return null;
  return undefined;
}

/**
 * Maps a TypeScript type to the descriptor a developer would have written with `p`, so a generated schema and a
 * declared one are the same JSON. `undefined` in a union is left to the caller (it makes the parameter optional).
 * @throws {SiteError} for what cannot be a JSON value: functions, symbols, bigint, unresolved generics, `never`.
 */
export function mapType(ctx: MapContext, type: ts.Type, site: Site): AnyParam {
  const { TypeFlags } = ctx.ts;
  const flags = type.flags;
  if (flags & (TypeFlags.Any | TypeFlags.Unknown)) {
    constraintsFor(site.doc.tags, "other");
    return p.any(describe(site));
  }
  if (isIntegerBrand(ctx, type)) return numberParam(site, true);
  if (flags & TypeFlags.Boolean) return p.boolean({ ...describe(site), ...constraintsFor(site.doc.tags, "other") });
  if (type.isUnion()) return mapUnion(ctx, type, site);
  const literal = literalValue(ctx, type);
  if (literal !== undefined) {
    constraintsFor(site.doc.tags, "other");
    return p.literal(literal, describe(site));
  }
  if (flags & (TypeFlags.String | TypeFlags.TemplateLiteral | TypeFlags.StringMapping)) {
    return p.string({ ...describe(site), ...constraintsFor(site.doc.tags, "string") });
  }
  if (flags & TypeFlags.Number) return numberParam(site, false);
  if (flags & (TypeFlags.BigInt | TypeFlags.BigIntLiteral)) {
    throw new SiteError(site.node, "bigint cannot be a JSON value; use number (or a string of digits)");
  }
  if (flags & TypeFlags.ESSymbolLike) throw new SiteError(site.node, "a symbol cannot be a JSON value");
  if (flags & TypeFlags.TypeParameter) {
    throw new SiteError(
      site.node,
      `the generic type ${ctx.checker.typeToString(type)} is unresolved; give a concrete type`,
    );
  }
  if (flags & (TypeFlags.Never | TypeFlags.Void | TypeFlags.Undefined)) {
    throw new SiteError(site.node, `${ctx.checker.typeToString(type)} has no JSON value`);
  }
  if (flags & TypeFlags.Object || type.isIntersection()) return mapObjectType(ctx, type, site);
  throw new SiteError(site.node, `the type ${ctx.checker.typeToString(type)} has no JSON Schema form`);
}

function mapUnion(ctx: MapContext, union: ts.UnionType, site: Site): AnyParam {
  const { TypeFlags } = ctx.ts;
  let members = union.types.filter((t) => !(t.flags & (TypeFlags.Undefined | TypeFlags.Void)));
  const nullable = members.some((t) => t.flags & TypeFlags.Null);
  members = members.filter((t) => !(t.flags & TypeFlags.Null));
  const inner = mapMembers(ctx, members, site);
  return nullable ? p.nullable(inner) : inner;
}

function mapMembers(ctx: MapContext, members: readonly ts.Type[], site: Site): AnyParam {
  const { TypeFlags } = ctx.ts;
  if (members.length === 0) throw new SiteError(site.node, "a parameter of type null or undefined carries no value");
  if (members.length === 1) return ctx.map(members[0]!, site);
  const isBool = (t: ts.Type) => (t.flags & TypeFlags.BooleanLiteral) !== 0;
  const booleans = members.filter(isBool);
  if (booleans.length === members.length && booleans.length === 2) {
    return p.boolean({ ...describe(site), ...constraintsFor(site.doc.tags, "other") });
  }
  if (members.every((t) => t.isStringLiteral() || t.isNumberLiteral())) {
    constraintsFor(site.doc.tags, "other");
    const values = literalOrder(
      ctx,
      members.map((t) => (t as ts.LiteralType).value as string | number),
      site.typeNode,
    );
    return p.enum(values as [string | number, ...(string | number)[]], describe(site));
  }
  // `true | false` inside a wider union is one boolean member, at the place of the first.
  const parts: AnyParam[] = [];
  let booleanDone = false;
  for (const [i, member] of members.entries()) {
    if (isBool(member) && booleans.length === 2) {
      if (!booleanDone) parts.push(p.boolean());
      booleanDone = true;
      continue;
    }
    parts.push(ctx.map(member, innerSite(site, `${site.path}|${i}`)));
  }
  if (parts.length === 1) return parts[0]!;
  constraintsFor(site.doc.tags, "other");
  return p.union(parts as unknown as [AnyParam, AnyParam], describe(site));
}
