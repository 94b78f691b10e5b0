import type { Infer } from "./infer.js";
import { type AnyParam, type CommonOptions, type ParamBase, defineParam, optionsOf } from "./param.js";

/** A map from any string key to values of one schema; its schema is `{ "type": "object", "additionalProperties": ... }`. */
export interface RecordParam<V extends AnyParam> extends ParamBase<Record<string, Infer<V>>> {
  readonly type: "object";
  readonly additionalProperties: V;
}

/**
 * Declares a string-keyed map whose values match `values`.
 * @example p.record(p.number(), "Price by product id")
 */
export function record<V extends AnyParam>(values: V, options?: string | CommonOptions): RecordParam<V> {
  return defineParam("record", { type: "object", additionalProperties: values, ...optionsOf(options) });
}
