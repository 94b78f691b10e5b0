import { type CommonOptions, type ParamBase, defineParam, optionsOf } from "./param.js";

/** A boolean parameter; its schema is `{ "type": "boolean" }`. */
export interface BooleanParam extends ParamBase<boolean> {
  readonly type: "boolean";
}

/** Declares a boolean parameter. */
export function boolean(options?: string | CommonOptions): BooleanParam {
  // The short form without an options object between: descriptors are built once per parameter of every definition.
  if (typeof options === "string") return defineParam("boolean", { type: "boolean", description: options });
  return defineParam("boolean", { type: "boolean", ...optionsOf(options) });
}
