import type { LegacyInfo } from "../decorators/metadata.js";
import { ToolDefinitionError } from "../errors/errors.js";
import type { JsonSchema } from "../params/json-schema.js";

// Only constructors whose JSON form is what the method receives map to a schema. `Date`, `Map` and other classes would
// arrive as strings or plain objects, not instances, so claiming them would be dishonest; `Object` is what the
// compilers emit for interfaces, unions and object types, which say nothing.
// Keyed by name and checked to be native, so the constructors of another realm (a vm context, an iframe) count too.
const SCHEMAS = new Map<string, { readonly type: string; readonly accepts: readonly string[] }>([
  ["String", { type: "string", accepts: ["string"] }],
  ["Number", { type: "number", accepts: ["number", "integer"] }],
  ["Boolean", { type: "boolean", accepts: ["boolean"] }],
  ["Array", { type: "array", accepts: ["array"] }],
]);
const NATIVE_CODE = /\{\s*\[native code\]\s*\}\s*$/;

function known(designType: unknown) {
  if (typeof designType !== "function" || !NATIVE_CODE.test(Function.prototype.toString.call(designType))) return;
  return SCHEMAS.get(designType.name);
}

/**
 * Returns the JSON Schema a `design:paramtypes` entry maps to (`String` → string, ...), or undefined when it says
 * nothing. For a rest parameter tsc emits the element's type (`...tags: string[]` → `String`) and swc emits `Array`.
 */
export function designTypeSchema(designType: unknown, rest = false): JsonSchema | undefined {
  const schema = known(designType);
  if (!schema) return undefined;
  return rest && schema.type !== "array" ? { type: "array", items: { type: schema.type } } : { type: schema.type };
}

/**
 * Checks a declared descriptor against the parameter's design type: a `p.string()` on a `number` parameter is a
 * mistake the compiler already knows about. Descriptors without a `type` (unions, `p.any()`) are not checked.
 * @throws {ToolDefinitionError} naming the parameter, its TypeScript type and the descriptor's type.
 */
export function checkDesignType(
  descriptor: JsonSchema,
  designType: unknown,
  where: string,
  name: string,
  rest = false,
): void {
  const schema = known(designType);
  // A rest parameter's design type from tsc is its element's, so it is checked against the descriptor's items.
  const checked = rest && schema?.type !== "array" ? (descriptor as { items?: unknown }).items : descriptor;
  const declared = (checked as { type?: unknown } | undefined)?.type;
  if (!schema || declared === undefined) return;
  const types = (Array.isArray(declared) ? declared : [declared]) as unknown[];
  if (types.some((type) => schema.accepts.includes(type as string))) return;
  throw new ToolDefinitionError(
    `${where}: parameter "${rest ? "..." : ""}${name}"${checked === descriptor ? "" : " (its elements)"} is declared as ` +
      `${schema.type} in TypeScript (design type ${nameOf(designType)}) ` +
      `but its descriptor says ${JSON.stringify(declared)}. Make the descriptor and the parameter's type agree.`,
  );
}

/**
 * Builds the error for a legacy-mode parameter whose type nothing tells: no descriptor, no literal default, and a
 * design type that is `Object` or absent. It names the parameter and the ways out.
 */
export function unknownTypeError(where: string, name: string, legacy: LegacyInfo, designType: unknown): Error {
  const why = !legacy.reflectMetadata
    ? 'reflect-metadata was not loaded when the class was defined (import "reflect-metadata" first)'
    : legacy.designTypes === undefined
      ? "the compiler emitted no design:paramtypes (esbuild, tsx and Babel never do)"
      : `its design type is ${nameOf(designType)}, which does not say a JSON type (interfaces, unions and object types ` +
        "all compile to Object)";
  return new ToolDefinitionError(
    `${where}: parameter "${name}" has no descriptor and its type cannot be known: ${why}. Either declare it in ` +
      `params (for example \`${name}: p.string()\`), or compile with a compiler that emits decorator metadata (tsc ` +
      'with "emitDecoratorMetadata", or swc with "decoratorMetadata") and import "reflect-metadata" before the class.',
  );
}

function nameOf(designType: unknown): string {
  if (designType === undefined) return "undefined";
  return typeof designType === "function" && designType.name ? designType.name : String(designType);
}
