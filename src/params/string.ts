import { type CommonOptions, type ParamBase, defineParam, optionsOf } from "./param.js";

/** Options of a string parameter. */
export interface StringOptions extends CommonOptions {
  readonly minLength?: number;
  readonly maxLength?: number;
  /** An ECMA-262 regular expression the value must match. */
  readonly pattern?: string;
  /** A JSON Schema format: `date-time`, `date`, `time`, `email`, `uri`, `uuid`, `ipv4`, `ipv6`, `hostname`, ... */
  readonly format?: string;
}

/** A string parameter; its schema is `{ "type": "string", ... }`. */
export interface StringParam extends ParamBase<string> {
  readonly type: "string";
}

/**
 * Declares a string parameter.
 * @example p.string("City name"); p.string({ description: "ISO date", format: "date" })
 */
export function string(options?: string | StringOptions): StringParam {
  // The short form without an options object between: descriptors are built once per parameter of every definition.
  if (typeof options === "string") return defineParam("string", { type: "string", description: options });
  return defineParam("string", { type: "string", ...optionsOf(options) });
}
