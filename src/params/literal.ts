import { type CommonOptions, type ParamBase, defineParam, optionsOf } from "./param.js";

/** A value a literal parameter can take. */
export type LiteralValue = string | number | boolean | null;

/** A parameter that accepts exactly one value; its schema is `{ "type": ..., "const": value }`. */
export interface LiteralParam<V extends LiteralValue> extends ParamBase<V> {
  readonly const: V;
}

/** Returns the JSON Schema type name of a literal value. */
export function jsonTypeOf(value: LiteralValue): string {
  if (value === null) return "null";
  if (typeof value === "number") return Number.isInteger(value) ? "integer" : "number";
  return typeof value;
}

/**
 * Declares a parameter that accepts exactly `value`. The `type` keyword is kept beside `const` because several
 * providers (Gemini, OpenAI strict mode) read the type and ignore or reject a bare `const`.
 * @example p.literal("celsius")
 */
export function literal<const V extends LiteralValue>(value: V, options?: string | CommonOptions): LiteralParam<V> {
  return defineParam("literal", { type: jsonTypeOf(value), const: value, ...optionsOf(options) });
}
