import "./metadata.js";
import type { ParamShape } from "../params/param.js";
import { recordTool } from "./record-tool.js";
import type { ToolOptions } from "../tool/tool-options.js";

/** A Stage-3 method decorator for a method that takes its tool arguments as positional parameters. */
export type BuiltinToolMethodDecorator = <This, Method extends (this: This, ...args: never[]) => unknown>(
  value: Method,
  context: ClassMethodDecoratorContext<This>,
) => void;

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
 * literal defaults from the method's source and maps the validated arguments onto them by name.
 * @throws {ToolDefinitionError} at class definition for bad options, and when the class is first used if the
 *   descriptors and the method's parameters do not match.
 * Without `params`, the schema comes from the method's types and JSDoc through `toolwright generate`.
 * @example
 * \@builtinTool({ description: "Delete a file", params: { path: p.string("File path") } })
 * async remove(path: string, force = false) { ... }
 */
export function builtinTool<const S extends ParamShape>(
  options: BuiltinToolOptions<S> = {},
): BuiltinToolMethodDecorator {
  return (value, context) => recordTool("builtin", options as ToolOptions, value, context, "@builtinTool");
}
