import type * as ts from "typescript";
import type { JsonSchema } from "../params/json-schema.js";
import { ConstraintError } from "./constraints.js";
import { SiteError } from "./generate-issue.js";
import type { MapContext } from "./map-context.js";

// What a handler returns to say "rich content" or "a ready result": not a value an output schema describes.
const NOT_A_VALUE = new Set([
  "ContentResult",
  "ContentPart",
  "TextPart",
  "ImagePart",
  "AudioPart",
  "FilePart",
  "ResourceLinkPart",
  "ToolResult",
  "ToolSuccess",
  "ToolFailure",
  "ToolBackgrounded",
  "ToolAwaitingApproval",
]);

/**
 * Returns the output schema of a decorated method from its return type, mapped as parameter types are (same types,
 * same errors, `@returns` as its description): a promise is unwrapped; `void`, `undefined`, `any`, `unknown`, a type
 * holding `never` (`return []` infers `never[]`),
 * rich content and ready-made results give none, as does a method whose decorator declares `returns` (the declared
 * schema wins) or an `async *` method. Objects stay open: TypeScript lets a value carry properties its type does not
 * name, and a result is not refused for them. A type with no JSON form is passed to `report` and gives none.
 */
export function returnSchema(
  ctx: MapContext,
  method: ts.MethodDeclaration,
  label: string,
  report: (node: ts.Node, message: string) => void,
): JsonSchema | undefined {
  const { ts: tsApi, checker } = ctx;
  if (method.asteriskToken || declaresReturns(tsApi, method)) return undefined;
  const signature = checker.getSignatureFromDeclaration(method);
  if (!signature) return undefined;
  const returned = checker.getReturnTypeOfSignature(signature);
  // Only a promise is unwrapped: awaiting a bare type parameter would hide it behind `Awaited<T>` in the message.
  const promised = returned.getSymbol()?.getName() === "Promise";
  const type = (promised && checker.getAwaitedType(returned)) || returned;
  const { TypeFlags } = tsApi;
  const members = type.isUnion() ? type.types : [type];
  const values = members.filter((member) => !(member.flags & (TypeFlags.Undefined | TypeFlags.Void)));
  const none = TypeFlags.Never | TypeFlags.Any | TypeFlags.Unknown;
  if (values.length === 0 || values.some((member) => member.flags & none || isNotAValue(member))) return undefined;
  // A type holding `never` says nothing of the value: `return []` infers `never[]` in a stub or a method whose body
  // is still to come, which is no reason to fail the run.
  if (/\bnever\b/.test(checker.typeToString(type))) return undefined;
  const returnTag = tsApi.getJSDocReturnTag(method);
  const description = returnTag ? tsApi.getTextOfJSDocComment(returnTag.comment)?.trim() : undefined;
  const node = method.type ?? method.name;
  try {
    const schema = ctx.map(type, {
      node,
      path: "result",
      doc: { ...(description ? { description } : {}), tags: [] },
      typeNode: method.type,
    });
    const json = JSON.parse(JSON.stringify(schema)) as Record<string, unknown>;
    if (ctx.defs.size > 0) json.$defs = Object.fromEntries([...ctx.defs].sort(([a], [b]) => a.localeCompare(b)));
    return openObjects(json) as JsonSchema;
  } catch (error) {
    if (!(error instanceof SiteError) && !(error instanceof ConstraintError)) throw error;
    report(node, `${label} return type: ${error.message}`);
    return undefined;
  }
}

function declaresReturns(tsApi: MapContext["ts"], method: ts.MethodDeclaration): boolean {
  return (tsApi.getDecorators(method) ?? []).some((decorator) => {
    const call = decorator.expression;
    const options = tsApi.isCallExpression(call) ? call.arguments[0] : undefined;
    return (
      options !== undefined &&
      tsApi.isObjectLiteralExpression(options) &&
      options.properties.some((property) => property.name?.getText() === "returns")
    );
  });
}

function isNotAValue(type: ts.Type): boolean {
  const name = (type.aliasSymbol ?? type.getSymbol())?.getName();
  return name !== undefined && NOT_A_VALUE.has(name);
}

// Drops `additionalProperties: false` at every depth (the mapping closes objects for arguments, where it is right).
function openObjects(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(openObjects);
  if (typeof value !== "object" || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    if (key === "additionalProperties" && inner === false) continue;
    out[key] = openObjects(inner);
  }
  return out;
}
