import "./metadata.js";
import type { ParamShape } from "../params/param.js";
import { recordTool } from "./record-tool.js";
import type { ToolOptions } from "../tool/tool-options.js";
import type { InferReturns, Returned } from "../schema/output-schema.js";

/**
 * A method decorator for a method that takes its tool arguments as positional parameters and returns `Result` or a
 * promise of it (`unknown` without `returns`). It has both call forms, so it compiles with standard (Stage-3)
 * decorators and with `experimentalDecorators` alike.
 */
export interface BuiltinToolMethodDecorator<Result = unknown> {
  <This, Method extends (this: This, ...args: never[]) => Returned<Result>>(
    value: Method,
    context: ClassMethodDecoratorContext<This>,
  ): void;
  <Method extends (...args: never[]) => Returned<Result>>(
    target: object,
    key: string | symbol,
    descriptor: TypedPropertyDescriptor<Method>,
  ): void;
}

/** Options of `@builtinTool`: the descriptors give types and descriptions; the method's source gives names and defaults. */
export type BuiltinToolOptions<S extends ParamShape = ParamShape> = Omit<
  ToolOptions<S>,
  "params" | "inputSchema" | "description"
> & {
  readonly params?: S;
  /** Required unless the method's JSDoc gives it through `toolwright generate`. */
  readonly description?: string;
};

/**
 * Marks a method whose own positional parameters are the tool's parameters. The reflector reads their names and
 * literal defaults from the method's source and maps the validated arguments onto them by name. In legacy mode with
 * `emitDecoratorMetadata` and reflect-metadata, a parameter without a descriptor takes its type from
 * `design:paramtypes` (`string`, `number`, `boolean`, arrays).
 * @throws {ToolDefinitionError} at class definition for bad options, and when the class is first used if the
 *   descriptors and the method's parameters do not match.
 * Without `params`, the schema comes from the method's types and JSDoc through `toolwright generate`.
 * @example
 * \@builtinTool({ description: "Delete a file", params: { path: p.string("File path") } })
 * async remove(path: string, force = false) { ... }
 */
export function builtinTool<const S extends ParamShape, const R = undefined>(
  options: BuiltinToolOptions<S> & { readonly returns?: R } = {},
): BuiltinToolMethodDecorator<InferReturns<R>> {
  return (first: unknown, second: unknown, third?: unknown) =>
    recordTool("builtin", options as ToolOptions, first, second, "@builtinTool", third);
}
