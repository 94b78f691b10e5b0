import type { Infer } from "./infer.js";
import { type AnyParam, type CommonOptions, type ParamBase, defineParam, optionsOf } from "./param.js";

/** Bounds of an array parameter. */
export interface ArrayOptions extends CommonOptions {
  readonly minItems?: number;
  readonly maxItems?: number;
  readonly uniqueItems?: boolean;
}

/** An array parameter; its schema is `{ "type": "array", "items": ... }`. */
export interface ArrayParam<I extends AnyParam> extends ParamBase<Infer<I>[]> {
  readonly type: "array";
  readonly items: I;
}

/**
 * Declares an array whose items match `items`.
 * @example p.array(p.string(), { description: "Tags", maxItems: 5 })
 */
export function array<I extends AnyParam>(items: I, options?: string | ArrayOptions): ArrayParam<I> {
  return defineParam("array", { type: "array", items, ...optionsOf(options) });
}
