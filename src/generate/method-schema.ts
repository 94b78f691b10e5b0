import type * as ts from "typescript";
import { p } from "../params/index.js";
import type { JsonSchema } from "../params/json-schema.js";
import { type AnyParam, type ParamShape } from "../params/param.js";
import { shapeToJsonSchema } from "../params/to-json-schema.js";
import type { GeneratedTool } from "../reflect/generated-schemas.js";
import { ConstraintError } from "./constraints.js";
import { SiteError } from "./generate-issue.js";
import { type Doc, readMethodDoc } from "./jsdoc.js";
import { literalOf } from "./literal-initializer.js";
import type { MapContext, Site } from "./map-context.js";
import { includesUndefined, shapeOf } from "./object-to-schema.js";
import { mapType } from "./type-to-schema.js";
import { returnSchema } from "./return-schema.js";

/** A decorated method the generator writes a schema for. */
export interface FoundMethod {
  readonly kind: "tool" | "builtin";
  readonly className: string;
  readonly method: ts.MethodDeclaration;
  readonly name: string;
  /** Parameters (builtin) or properties (tool) the decorator declares in `params`: a failure to map them is no error. */
  readonly declared: ReadonlySet<string>;
  /**
   * The method cannot be defined without the generated module: its decorator gives no `description`, or no type for
   * a parameter (no `params` on `@tool`; a `@builtinTool` parameter with neither a descriptor nor a default).
   */
  readonly needsModule: boolean;
}

/** Creates the mapping state of one tool. */
export function newContext(base: Pick<MapContext, "ts" | "checker" | "program">): MapContext {
  const ctx: MapContext = {
    ...base,
    defs: new Map(),
    defNames: new Map(),
    expanding: new Set(),
    map: (type, site) => {
      // A recursive generic whose argument grows at each level (`Deep<T[]>`) is a new type at every level, so the
      // `$defs` recursion check never sees it again: without these bounds it ran the stack or the heap out, with
      // no file or line.
      if (++expansions > MAX_EXPANSIONS || depth >= MAX_DEPTH) throw tooDeep(ctx, type, site, depth >= MAX_DEPTH);
      depth += 1;
      try {
        return mapType(ctx, type, site);
      } finally {
        depth -= 1;
      }
    },
  };
  let depth = 0;
  let expansions = 0;
  return ctx;
}

/** How deep one parameter's types may nest, and how many types one tool may map, before generate gives up. */
export const MAX_DEPTH = 64;
export const MAX_EXPANSIONS = 20_000;

function tooDeep(ctx: MapContext, type: ts.Type, site: Site, deep: boolean): SiteError {
  const shown = ctx.checker.typeToString(type).slice(0, 80);
  const limit = deep ? `nests more than ${MAX_DEPTH} levels deep` : `expands to more than ${MAX_EXPANSIONS} types`;
  return new SiteError(
    site.node,
    `the type ${limit} (at ${site.path || "the parameter"}: ${shown}); a recursive generic whose argument grows ` +
      "at each level (such as `Deep<T[]>`) has no finite schema. Give the recursion a named type that refers to " +
      "itself unchanged",
  );
}

/**
 * Builds the generated schema of one decorated method. Problems with single parameters are passed to `report` and
 * the parameter is left out, so one run lists every problem.
 */
export function methodSchema(
  base: Pick<MapContext, "ts" | "checker" | "program">,
  found: FoundMethod,
  report: (node: ts.Node, message: string) => void,
): GeneratedTool {
  const ctx = newContext(base);
  const doc = readMethodDoc(ctx.ts, found.method);
  const label = `${found.className}.${found.name}`;
  const guard = (path: string, node: ts.Node, build: () => AnyParam): AnyParam | undefined => {
    try {
      return build();
    } catch (error) {
      if (!(error instanceof SiteError) && !(error instanceof ConstraintError)) throw error;
      // A declared descriptor replaces this parameter's schema at run time; its type needs no JSON form.
      if (found.declared.has(path.split(".")[0]!)) return p.any();
      // The parameter's place, not the inner node's: that may be in another file, and the parameter is what to fix.
      report(node, `${label} parameter "${path}": ${error.message}`);
      return undefined;
    }
  };
  const parameters = found.method.parameters.filter((parameter) => parameter.name.getText() !== "this");
  const shape: Record<string, AnyParam> = {};
  const names: string[] = [];
  if (found.kind === "builtin") {
    for (const parameter of parameters) {
      if (!ctx.ts.isIdentifier(parameter.name)) {
        report(parameter, `${label}: a destructured parameter has no name for the model; name it, or use @tool`);
        continue;
      }
      const name = parameter.name.text;
      names.push(parameter.dotDotDotToken ? `...${name}` : name);
      const schema = guard(name, parameter, () => builtinParameter(ctx, parameter, doc.params.get(name)));
      if (schema) shape[name] = schema;
    }
  } else if (parameters.length > 2 || (parameters[1] && !isCallContext(ctx, parameters[1]))) {
    report(
      parameters[1]!,
      `${label}: a @tool method takes one object parameter (its properties are the tool's), then optionally the ` +
        "call's ToolCallContext; use @builtinTool for positional parameters",
    );
  } else if (parameters[0]) {
    Object.assign(shape, toolParameter(ctx, parameters[0], guard, report, label));
  }
  const inputSchema: JsonSchema = JSON.parse(JSON.stringify(shapeToJsonSchema(shape as ParamShape)));
  const defs =
    ctx.defs.size > 0 ? { $defs: Object.fromEntries([...ctx.defs].sort(([a], [b]) => a.localeCompare(b))) } : {};
  const outputSchema = returnSchema(newContext(base), found.method, label, report);
  return {
    kind: found.kind,
    ...(doc.summary ? { description: doc.summary } : {}),
    ...(found.kind === "builtin" ? { parameters: names } : {}),
    inputSchema: { ...inputSchema, ...defs } as GeneratedTool["inputSchema"],
    ...(outputSchema ? { outputSchema } : {}),
  };
}

// The handler's second argument: toolwright's call context, which is not the model's to fill.
function isCallContext(ctx: MapContext, parameter: ts.ParameterDeclaration): boolean {
  const type = ctx.checker.getTypeAtLocation(parameter);
  return (type.aliasSymbol ?? type.getSymbol())?.getName() === "ToolCallContext";
}

function builtinParameter(ctx: MapContext, parameter: ts.ParameterDeclaration, doc: Doc | undefined): AnyParam {
  const name = (parameter.name as ts.Identifier).text;
  const type = ctx.checker.getTypeAtLocation(parameter);
  const site: Site = { node: parameter, path: name, doc: doc ?? { tags: [] }, typeNode: parameter.type };
  const schema = ctx.map(type, site);
  const initial = parameter.initializer ? initialValue(ctx, parameter.initializer) : undefined;
  if (initial) return schema.default(initial.value);
  const optional =
    parameter.questionToken || parameter.initializer || parameter.dotDotDotToken || includesUndefined(ctx, type);
  return optional ? schema.optional() : schema;
}

function toolParameter(
  ctx: MapContext,
  parameter: ts.ParameterDeclaration,
  guard: (path: string, node: ts.Node, build: () => AnyParam) => AnyParam | undefined,
  report: (node: ts.Node, message: string) => void,
  label: string,
): ParamShape {
  const type = ctx.checker.getTypeAtLocation(parameter);
  const { checker } = ctx;
  if (checker.isArrayType(type) || !(type.flags & ctx.ts.TypeFlags.Object || type.isIntersection())) {
    report(
      parameter,
      `${label}: a @tool method's parameter must be an object type; its properties are the tool's parameters`,
    );
    return {};
  }
  const defaults = new Map<string, unknown>();
  if (ctx.ts.isObjectBindingPattern(parameter.name)) {
    for (const element of parameter.name.elements) {
      const key = (element.propertyName ?? element.name).getText();
      const initial = element.initializer ? initialValue(ctx, element.initializer) : undefined;
      if (initial) defaults.set(key, initial.value);
    }
  }
  const shape: Record<string, AnyParam> = {};
  const site: Site = { node: parameter, path: "", doc: { tags: [] } };
  for (const property of checker.getPropertiesOfType(type)) {
    const name = property.getName();
    const node = property.valueDeclaration ?? parameter;
    const schema = guard(name, node, () => shapeOf(ctx, type, site, [property], defaults)[name]!);
    if (schema) shape[name] = schema;
  }
  return shape;
}

// A literal, or an enum member (`unit = Unit.Celsius`), whose value the checker knows.
function initialValue(ctx: MapContext, expression: ts.Expression): { readonly value: unknown } | undefined {
  const literal = literalOf(ctx.ts, expression);
  if (literal || !ctx.ts.isPropertyAccessExpression(expression)) return literal;
  const value = ctx.checker.getConstantValue(expression);
  return value === undefined ? undefined : { value };
}
