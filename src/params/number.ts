import { type CommonOptions, type ParamBase, defineParam, optionsOf } from "./param.js";

/** Bounds of a number or integer parameter. */
export interface NumericOptions extends CommonOptions {
  readonly minimum?: number;
  readonly maximum?: number;
  readonly exclusiveMinimum?: number;
  readonly exclusiveMaximum?: number;
  readonly multipleOf?: number;
}

/** A number parameter; its schema is `{ "type": "number", ... }`. */
export interface NumberParam extends ParamBase<number> {
  readonly type: "number";
}

/** An integer parameter; its schema is `{ "type": "integer", ... }`. */
export interface IntegerParam extends ParamBase<number> {
  readonly type: "integer";
}

/**
 * Declares a number parameter.
 * @example p.number({ description: "Temperature", minimum: -273.15 })
 */
export function number(options?: string | NumericOptions): NumberParam {
  if (typeof options === "string") return defineParam("number", { type: "number", description: options });
  return defineParam("number", { type: "number", ...optionsOf(options) });
}

/**
 * Declares an integer parameter.
 * @example p.integer({ minimum: 1 }).default(10)
 */
export function integer(options?: string | NumericOptions): IntegerParam {
  if (typeof options === "string") return defineParam("integer", { type: "integer", description: options });
  return defineParam("integer", { type: "integer", ...optionsOf(options) });
}
