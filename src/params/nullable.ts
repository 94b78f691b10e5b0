import type { Infer } from "./infer.js";
import {
  type AnyParam,
  type CommonOptions,
  KIND,
  type MarkersOf,
  type ParamBase,
  defineParam,
  markersOf,
  optionsOf,
} from "./param.js";

/** A parameter that also accepts `null`; it stays optional (or defaulted) when the wrapped one was. */
export type NullableParam<P extends AnyParam> = ParamBase<Infer<P> | null> & MarkersOf<P>;

const SIMPLE_TYPES = new Set(["string", "number", "integer", "boolean", "array", "object"]);

/**
 * Declares that `param` also accepts `null`. A single-typed schema becomes `type: [T, "null"]` (an enum also lists
 * null), the form every provider documents; anything else becomes `anyOf: [schema, { type: "null" }]`. An optional
 * or defaulted `param` gives an optional or defaulted result, as `p.nullable(x).optional()` would.
 * @example p.nullable(p.string("Middle name"))
 */
export function nullable<P extends AnyParam>(param: P, options?: string | CommonOptions): NullableParam<P> {
  const { description, ...inner } = param as AnyParam & { description?: string };
  const own = optionsOf(options);
  const outerDescription = own.description ?? description;
  const type = param.type;
  if (typeof type === "string" && SIMPLE_TYPES.has(type) && param.const === undefined) {
    const enumValues = param.enum ? { enum: [...param.enum, null] } : {};
    return defineParam(
      "nullable",
      { ...inner, type: [type, "null"], ...enumValues, ...own, description: outerDescription },
      markersOf(param),
    );
  }
  const wrapped = defineParam(param[KIND], inner);
  return defineParam(
    "nullable",
    { anyOf: [wrapped, { type: "null" }], ...own, description: outerDescription },
    markersOf(param),
  );
}
