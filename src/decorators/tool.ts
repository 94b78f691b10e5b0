import "./metadata.js";
import type { InferArgs } from "../params/infer.js";
import type { ObjectParam } from "../params/object.js";
import type { ParamShape } from "../params/param.js";
import type { StandardSchemaLike } from "../schema/input-schema.js";
import type { InferReturns, Returned } from "../schema/output-schema.js";
import { recordTool } from "./record-tool.js";
import type { ToolOptions } from "../tool/tool-options.js";
import type { ToolCallContext } from "../tool/tool.js";

/**
 * A method decorator whose method must accept `Args` as its first argument (the call's context comes second) and
 * return `Result` or a promise of it (`unknown` without `returns`). It has both call forms, so it compiles with
 * standard (Stage-3) decorators and with `experimentalDecorators` alike.
 */
export interface ToolMethodDecorator<Args, Result = unknown> {
  <This, Method extends (this: This, args: Args, context: ToolCallContext) => Returned<Result>>(
    value: Method,
    context: ClassMethodDecoratorContext<This, Method>,
  ): void;
  <Method extends (args: Args, context: ToolCallContext) => Returned<Result>>(
    target: object,
    key: string | symbol,
    descriptor: TypedPropertyDescriptor<Method>,
  ): void;
}

/** Options of a `@tool` whose schema (and, without `description`, description) `toolwright generate` writes. */
export type GeneratedToolOptions = Omit<ToolOptions, "description" | "params"> & {
  readonly description?: string;
  readonly params?: undefined;
};

/** What `params` of `@tool` may be: a shape of `p` descriptors, a `p.object(...)`, or a Standard Schema object. */
export type ToolParamsInput = ParamShape | ObjectParam<ParamShape> | StandardSchemaLike;

/** The arguments a method decorated with `params: P` receives (`never` without `params`: the schema is generated). */
export type ToolArgsOf<P> = [P] extends [undefined]
  ? never
  : P extends ObjectParam<infer S>
    ? InferArgs<S>
    : P extends StandardSchemaLike<infer O>
      ? O
      : P extends ParamShape
        ? InferArgs<P>
        : never;

/**
 * The options `@tool` takes, with `params` of type `P` and `returns` of type `R`: `description` is required with
 * `params` and optional without (then `toolwright generate` writes the schema from the method's type and JSDoc).
 * One object type, not a union of overloads, so that tsc names a misspelt key (`requireApproval`) in its message.
 */
export type ToolDecoratorOptions<P, R> = Omit<ToolOptions, "params" | "returns" | "description"> & {
  readonly params?: P;
  readonly returns?: R;
  readonly description?: string;
} & ([P] extends [undefined] ? unknown : { readonly description: string });

/**
 * Marks a method as a tool. The method receives the validated arguments object (defaults filled in) and, as a second
 * argument it may leave out, the call's {@link ToolCallContext}: its abort `signal`, `callId`, `agent` and `tool`.
 * With a descriptor shape, a method whose parameter type disagrees with the shape does not compile; with `returns`,
 * neither does one whose return type disagrees with the result's schema. Without `params`,
 * the schema comes from the parameter's type and JSDoc through `toolwright generate`.
 * @throws {ToolDefinitionError} at class definition for bad options (an unknown key among them, named with the
 *   closest known one) or a method that cannot be a tool.
 * @example
 * class Weather extends BaseAgent {
 *   \@tool({ description: "Forecast for a city", params: { city: p.string(), days: p.integer().default(3) } })
 *   forecast({ city, days }: { city: string; days: number }, { signal }: ToolCallContext) {
 *     return `${days} days of sun in ${city}`;
 *   }
 * }
 */
export function tool<const P extends ToolParamsInput | undefined = undefined, const R = undefined>(
  options: ToolDecoratorOptions<P, R> = {} as ToolDecoratorOptions<P, R>,
): ToolMethodDecorator<ToolArgsOf<P>, InferReturns<R>> {
  return (first: unknown, second: unknown, third?: unknown) =>
    recordTool("tool", options as ToolOptions, first, second, "@tool", third);
}
