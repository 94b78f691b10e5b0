import type { DefaultedMarker, OptionalMarker, ParamBase, ParamShape } from "./param.js";

/** The static type of the values a descriptor accepts. */
export type Infer<P> = P extends ParamBase<infer T> ? T : never;

type Simplify<T> = { [K in keyof T]: T[K] } & {};

// A key is optional for the handler only when marked optional and given no default: a default is filled in first.
type OptionalKeys<S> = {
  [K in keyof S]: S[K] extends OptionalMarker ? (S[K] extends DefaultedMarker ? never : K) : never;
}[keyof S];

/**
 * The arguments object a handler receives for a shape: optional keys are optional, defaulted keys are present.
 * @example type Args = InferArgs<{ city: StringParam; days: OptionalParam<IntegerParam> }>; // { city: string; days?: number }
 */
export type InferArgs<S extends ParamShape> = Simplify<
  { -readonly [K in Exclude<keyof S, OptionalKeys<S>>]: Infer<S[K]> } & {
    -readonly [K in OptionalKeys<S>]?: Infer<S[K]>;
  }
>;
