import { type CommonOptions, type ParamBase, defineParam, optionsOf } from "./param.js";

/** A parameter that accepts any JSON value; its schema is `{}` plus a description. */
export type AnyValueParam = ParamBase<unknown>;

/** Declares a parameter that accepts any JSON value. */
export function any(options?: string | CommonOptions): AnyValueParam {
  return defineParam("any", { ...optionsOf(options) });
}
