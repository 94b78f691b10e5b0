import { ToolDefinitionError } from "../errors/errors.js";
import { type CommonOptions, type ParamBase, defineParam, optionsOf, showValue } from "./param.js";

/** A parameter that accepts one of a fixed list of strings or numbers; its schema is `{ "type": ..., "enum": [...] }`. */
export interface EnumParam<V extends string | number> extends ParamBase<V> {
  readonly enum: readonly V[];
}

/**
 * Declares a parameter that takes one of `values`; the static type is their union.
 * @throws {ToolDefinitionError} when `values` is empty, repeats a value, or holds something other than strings and numbers.
 * @example p.enum(["celsius", "fahrenheit"], "Temperature unit")
 */
export function enumOf<const V extends readonly [string | number, ...(string | number)[]]>(
  values: V,
  options?: string | CommonOptions,
): EnumParam<V[number]> {
  const list: readonly unknown[] = values;
  if (!Array.isArray(list) || list.length === 0) {
    throw new ToolDefinitionError("p.enum() needs a non-empty array of strings or numbers.");
  }
  // findIndex, not find: an `undefined` value is itself a bad value, and find() would report it as "none found".
  const bad = list.findIndex((v) => typeof v !== "string" && (typeof v !== "number" || !Number.isFinite(v)));
  if (bad !== -1) {
    throw new ToolDefinitionError(`p.enum() values must be strings or finite numbers; got ${showValue(list[bad])}.`);
  }
  if (new Set(list).size !== list.length) {
    throw new ToolDefinitionError(`p.enum() values must be unique; got ${JSON.stringify(list)}.`);
  }
  const types = [...new Set(list.map((v) => (typeof v === "string" ? "string" : "number")))];
  // One type keyword for one kind of value; both kinds (rare) keep a type array, which every validator reads.
  const type = types.length === 1 ? types[0] : types;
  return defineParam("enum", { type, enum: [...list], ...optionsOf(options) });
}
