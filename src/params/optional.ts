import type { AnyParam, OptionalMarker } from "./param.js";

/** A descriptor that is not required in its parent object. */
export type OptionalParam<P extends AnyParam> = P & OptionalMarker;

/**
 * Marks `param` as not required in its parent object; the parameter's own schema is unchanged.
 * Same as `param.optional()`.
 */
export function optional<P extends AnyParam>(param: P): OptionalParam<P> {
  return param.optional();
}
