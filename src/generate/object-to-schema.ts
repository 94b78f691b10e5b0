import type * as ts from "typescript";
import { p } from "../params/index.js";
import { type AnyParam, type ParamShape, defineParam } from "../params/param.js";
import { constraintsFor } from "./constraints.js";
import { SiteError } from "./generate-issue.js";
import { readSymbolDoc } from "./jsdoc.js";
import { type MapContext, type Site, innerSite } from "./map-context.js";

function describe(site: Site): { description?: string } {
  return site.doc.description ? { description: site.doc.description } : {};
}

function isDate(ctx: MapContext, type: ts.Type): boolean {
  const symbol = type.getSymbol();
  return (
    symbol?.getName() === "Date" &&
    (symbol.declarations ?? []).some((d) => ctx.program.isSourceFileDefaultLibrary(d.getSourceFile()))
  );
}

/** Returns true when `type` includes `undefined` (an optional property, or `T | undefined`). */
export function includesUndefined(ctx: MapContext, type: ts.Type): boolean {
  const { TypeFlags } = ctx.ts;
  return type.isUnion() ? type.types.some((t) => (t.flags & TypeFlags.Undefined) !== 0) : false;
}

/**
 * Maps an object type: `Date`, arrays, tuples, `Record<string, T>`, and object literals, interfaces and aliases
 * (nested; recursive ones through `$defs`). Functions and class instances with methods are errors.
 */
export function mapObjectType(ctx: MapContext, type: ts.Type, site: Site): AnyParam {
  const { checker } = ctx;
  if (isDate(ctx, type)) {
    return p.string({ ...describe(site), format: "date-time", ...constraintsFor(site.doc.tags, "string") });
  }
  if (checker.isTupleType(type)) return mapTuple(ctx, type as ts.TupleTypeReference, site);
  if (checker.isArrayType(type)) {
    const [element] = checker.getTypeArguments(type as ts.TypeReference);
    const items = ctx.map(element!, innerSite(site, `${site.path}[]`, arrayElementNode(ctx, site.typeNode)));
    return p.array(items, { ...describe(site), ...constraintsFor(site.doc.tags, "array") });
  }
  if (type.getCallSignatures().length > 0 || type.getConstructSignatures().length > 0) {
    throw new SiteError(site.node, "a function cannot be a JSON value; take the data it would compute instead");
  }
  constraintsFor(site.doc.tags, "other");
  const properties = checker.getPropertiesOfType(type);
  const index = checker.getIndexInfoOfType(type, ctx.ts.IndexKind.String);
  if (index && properties.length === 0) {
    return p.record(ctx.map(index.type, innerSite(site, `${site.path}[key]`)), describe(site));
  }
  if (index) throw new SiteError(site.node, "an object type cannot mix named properties and an index signature");
  return namedObject(ctx, type, site, properties);
}

function namedObject(ctx: MapContext, type: ts.Type, site: Site, properties: readonly ts.Symbol[]): AnyParam {
  const named = type.aliasSymbol ?? namedSymbol(ctx, type);
  if (named && ctx.expanding.has(type)) return refTo(ctx, type, named, site);
  if (named) ctx.expanding.add(type);
  try {
    const shape = shapeOf(ctx, type, site, properties);
    if (!ctx.defNames.has(type)) return p.object(shape, describe(site));
    // Recursive: the definition lives once in $defs, and every use (this one included) refers to it.
    ctx.defs.set(ctx.defNames.get(type)!, JSON.parse(JSON.stringify(p.object(shape))));
    return refTo(ctx, type, named!, site);
  } finally {
    if (named) ctx.expanding.delete(type);
  }
}

function namedSymbol(ctx: MapContext, type: ts.Type): ts.Symbol | undefined {
  const symbol = type.getSymbol();
  const { SymbolFlags } = ctx.ts;
  return symbol && symbol.flags & (SymbolFlags.Interface | SymbolFlags.Class) ? symbol : undefined;
}

function refTo(ctx: MapContext, type: ts.Type, symbol: ts.Symbol, site: Site): AnyParam {
  let name = ctx.defNames.get(type);
  if (!name) {
    const taken = new Set(ctx.defNames.values());
    name = symbol.getName();
    for (let n = 2; taken.has(name); n++) name = `${symbol.getName()}${n}`;
    ctx.defNames.set(type, name);
  }
  return defineParam("any", { $ref: `#/$defs/${name}`, ...describe(site) });
}

/** Builds the descriptor shape of an object type's properties; `defaults` are literal initializers by key. */
export function shapeOf(
  ctx: MapContext,
  type: ts.Type,
  site: Site,
  properties: readonly ts.Symbol[],
  defaults: ReadonlyMap<string, unknown> = new Map(),
): ParamShape {
  const shape: Record<string, AnyParam> = {};
  for (const property of properties) {
    const name = property.getName();
    const declaration = property.valueDeclaration ?? property.declarations?.[0];
    const path = site.path === "" ? name : `${site.path}.${name}`;
    const node = declaration ?? site.node;
    if (declaration && ctx.ts.isMethodDeclaration(declaration)) {
      throw new SiteError(node, `"${path}" is a method; class instances with methods cannot be JSON values`);
    }
    const propertyType = ctx.checker.getTypeOfSymbolAtLocation(property, site.node);
    const typeNode =
      declaration && (ctx.ts.isPropertySignature(declaration) || ctx.ts.isPropertyDeclaration(declaration))
        ? declaration.type
        : undefined;
    const propertySite: Site = { node, path, doc: readSymbolDoc(ctx.ts, ctx.checker, property), typeNode };
    let schema = ctx.map(propertyType, propertySite);
    const optional = (property.flags & ctx.ts.SymbolFlags.Optional) !== 0 || includesUndefined(ctx, propertyType);
    if (defaults.has(name)) schema = schema.default(defaults.get(name));
    else if (optional) schema = schema.optional();
    shape[name] = schema;
  }
  return shape;
}

function mapTuple(ctx: MapContext, type: ts.TupleTypeReference, site: Site): AnyParam {
  const target = type.target;
  if (target.hasRestElement)
    throw new SiteError(site.node, "a tuple with a rest element is not supported; use an array");
  const elements = ctx.checker.getTypeArguments(type);
  const prefixItems = elements.map((element, i) => ctx.map(element, innerSite(site, `${site.path}[${i}]`)));
  return defineParam("array", {
    type: "array",
    ...describe(site),
    prefixItems,
    items: false,
    minItems: target.minLength,
    maxItems: elements.length,
  });
}

function arrayElementNode(ctx: MapContext, node: ts.TypeNode | undefined): ts.TypeNode | undefined {
  if (!node) return undefined;
  if (ctx.ts.isArrayTypeNode(node)) return node.elementType;
  if (ctx.ts.isTypeOperatorNode(node)) return arrayElementNode(ctx, node.type);
  return undefined;
}
