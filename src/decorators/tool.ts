import "./metadata.js";
import type { InferArgs } from "../params/infer.js";
import type { ObjectParam } from "../params/object.js";
import type { ParamShape } from "../params/param.js";
import type { StandardSchemaLike } from "../schema/input-schema.js";
import { recordTool } from "./record-tool.js";
import type { ToolOptions } from "../tool/tool-options.js";
import type { ToolCallContext } from "../tool/tool.js";

/**
 * A method decorator whose method must accept `Args` as its first argument (the call's context comes second). It has both call forms, so it compiles with
 * standard (Stage-3) decorators and with `experimentalDecorators` alike.
 */
export interface ToolMethodDecorator<Args> {
  <This, Method extends (this: This, args: Args, context: ToolCallContext) => unknown>(
    value: Method,
    context: ClassMethodDecoratorContext<This, Method>,
  ): void;
  <Method extends (args: Args, context: ToolCallContext) => unknown>(
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
 * With a descriptor shape, a method whose parameter type disagrees with the shape does not compile. Without `params`,
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
export function tool<const S extends ParamShape>(
  options: ToolOptions & { readonly params: ObjectParam<S> },
): ToolMethodDecorator<InferArgs<S>>;
/**
 * Marks a method as a tool. The method receives the validated arguments object (defaults filled in) and, as a second
 * argument it may leave out, the call's {@link ToolCallContext} (`signal`, `callId`, `agent`, `tool`).
 */
export function tool<const S extends ParamShape>(
  options: ToolOptions<S> & { readonly params: S },
): ToolMethodDecorator<InferArgs<S>>;
/**
 * Marks a method as a tool. The method receives the validated arguments object (defaults filled in) and, as a second
 * argument it may leave out, the call's {@link ToolCallContext} (`signal`, `callId`, `agent`, `tool`).
 */
export function tool<Output>(
  options: ToolOptions & { readonly params: StandardSchemaLike<Output> },
): ToolMethodDecorator<Output>;
/**
 * Marks a method as a tool. The method receives the validated arguments object (defaults filled in) and, as a second
 * argument it may leave out, the call's {@link ToolCallContext} (`signal`, `callId`, `agent`, `tool`).
 */
export function tool(options?: GeneratedToolOptions): ToolMethodDecorator<never>;
export function tool(options: ToolOptions | GeneratedToolOptions = {}): ToolMethodDecorator<never> {
  return (first: unknown, second: unknown, third?: unknown) =>
    recordTool("tool", options as ToolOptions, first, second, "@tool", third);
}
