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

/**
 * Marks a method as a tool. The method receives the validated arguments object (defaults filled in) and, as a second
 * argument it may leave out, the call's {@link ToolCallContext}: its abort `signal`, `callId`, `agent` and `tool`.
 * With a descriptor shape, a method whose parameter type disagrees with the shape does not compile; with `returns`,
 * neither does one whose return type disagrees with the result's schema. Without `params`,
 * the schema comes from the parameter's type and JSDoc through `toolwright generate`.
 * @throws {ToolDefinitionError} at class definition for bad options or a method that cannot be a tool.
 * @example
 * class Weather extends BaseAgent {
 *   \@tool({ description: "Forecast for a city", params: { city: p.string(), days: p.integer().default(3) } })
 *   forecast({ city, days }: { city: string; days: number }, { signal }: ToolCallContext) {
 *     return `${days} days of sun in ${city}`;
 *   }
 * }
 */
export function tool<const S extends ParamShape, const R = undefined>(
  options: ToolOptions & { readonly params: ObjectParam<S>; readonly returns?: R },
): ToolMethodDecorator<InferArgs<S>, InferReturns<R>>;
/**
 * Marks a method as a tool. The method receives the validated arguments object (defaults filled in) and, as a second
 * argument it may leave out, the call's {@link ToolCallContext} (`signal`, `callId`, `agent`, `tool`).
 */
export function tool<const S extends ParamShape, const R = undefined>(
  options: ToolOptions<S> & { readonly params: S; readonly returns?: R },
): ToolMethodDecorator<InferArgs<S>, InferReturns<R>>;
/**
 * Marks a method as a tool. The method receives the validated arguments object (defaults filled in) and, as a second
 * argument it may leave out, the call's {@link ToolCallContext} (`signal`, `callId`, `agent`, `tool`).
 */
export function tool<Output, const R = undefined>(
  options: ToolOptions & { readonly params: StandardSchemaLike<Output>; readonly returns?: R },
): ToolMethodDecorator<Output, InferReturns<R>>;
/**
 * Marks a method as a tool. The method receives the validated arguments object (defaults filled in) and, as a second
 * argument it may leave out, the call's {@link ToolCallContext} (`signal`, `callId`, `agent`, `tool`).
 */
export function tool<const R = undefined>(
  options?: GeneratedToolOptions & { readonly returns?: R },
): ToolMethodDecorator<never, InferReturns<R>>;
export function tool(options: ToolOptions | GeneratedToolOptions = {}): ToolMethodDecorator<never> {
  return (first: unknown, second: unknown, third?: unknown) =>
    recordTool("tool", options as ToolOptions, first, second, "@tool", third);
}
