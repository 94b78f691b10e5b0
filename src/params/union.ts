import { ToolDefinitionError } from "../errors/errors.js";
import type { Infer } from "./infer.js";
import { type AnyParam, type CommonOptions, type ParamBase, defineParam, isParam, optionsOf } from "./param.js";

/** A parameter that matches any of its members; its schema is `{ "anyOf": [...] }`. */
export interface UnionParam<M extends readonly AnyParam[]> extends ParamBase<Infer<M[number]>> {
  readonly anyOf: M;
}

/**
 * Declares a parameter matching at least one of `members`. `anyOf`, not `oneOf`, because OpenAI strict mode and
 * Anthropic accept only `anyOf`, and overlapping members are not an error for a tool argument.
 * @example p.union([p.string(), p.integer()], "Id or index")
 */
export function union<const M extends readonly [AnyParam, AnyParam, ...AnyParam[]]>(
  members: M,
  options?: string | CommonOptions,
): UnionParam<M> {
  if (!Array.isArray(members) || members.length < 2 || !members.every(isParam)) {
    throw new ToolDefinitionError("p.union() needs an array of at least two descriptors.");
  }
  return defineParam("union", { anyOf: [...members], ...optionsOf(options) });
}
