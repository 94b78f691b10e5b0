import { ToolDefinitionError } from "../errors/errors.js";
import type { ToolDefinition } from "../tool/tool-definition.js";
import type { ToolOptions } from "../tool/tool-options.js";
import type { Returned } from "../schema/output-schema.js";
import { defineFunctionTool } from "./define-function-tool.js";

/**
 * A function that registers the handler it is given: the decorator form of `ToolRegistry.register`. `Result` is the
 * type the options' `returns` describes, which the handler must return (or resolve to).
 */
export type RegisterDecorator<Result = unknown> = <F extends (...args: never[]) => Returned<Result>>(
  handler: F,
  context?: unknown,
) => F;

/**
 * Returns the decorator form of `register(options)`: called with a function, it registers it; used as
 * `@registry.register(...)` on a static method, it registers the method once the class exists.
 * @throws {ToolDefinitionError} (when applied) on an instance method, which is what `@tool` is for.
 */
export function registerDecorator(
  options: ToolOptions,
  store: (definition: ToolDefinition) => unknown,
): RegisterDecorator {
  return ((
    handler: (...a: never[]) => unknown,
    context?: { kind?: string; static?: boolean; name?: unknown; addInitializer?: (f: () => void) => void },
  ) => {
    if (context?.kind === "method") {
      if (!context.static) {
        throw new ToolDefinitionError(
          `@register on "${String(context.name)}": use @tool for instance methods of an agent.`,
        );
      }
      const name = options.name ?? String(context.name);
      // A static method's initializer runs once the class exists, with the class as `this`.
      context.addInitializer?.call(context, function (this: unknown) {
        store(defineFunctionTool(name, handler.bind(this), options));
      });
      return handler;
    }
    store(defineFunctionTool(undefined, handler, options));
    return handler;
  }) as RegisterDecorator;
}
