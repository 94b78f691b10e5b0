import { ToolDefinitionError } from "../errors/errors.js";
import { type DecoratorContextLike, isStage3Context, legacyCall } from "./legacy-call.js";

/** A decorated instance method, read from a Stage-3 call or a legacy one alike. */
export interface DecoratedMethod {
  readonly name: string;
  readonly fn: (...args: never[]) => unknown;
  readonly metadata: object;
  /** Where the decorator sits, for messages: `@resource on "readme"`. */
  readonly where: string;
}

/**
 * Reads what a method decorator was applied to, in either call form, as `@tool` does.
 * @throws {ToolDefinitionError} for a non-method, a static, `#private` or symbol-named method, or a missing metadata
 *   object (toolwright imported after the class was defined).
 */
export function decoratedMethod(first: unknown, second: unknown, third: unknown, decorator: string): DecoratedMethod {
  const call = isStage3Context(second) ? undefined : legacyCall(first, second, third, decorator);
  const value = call ? call.value : first;
  const context = call ? call.context : (second as DecoratorContextLike);
  const label = typeof context.name === "symbol" ? context.name.toString() : context.name;
  const where = `${decorator} on "${label}"`;
  if (context.kind !== "method" || typeof value !== "function") {
    throw new ToolDefinitionError(`${where}: only methods can be decorated; this is a ${context.kind}.`);
  }
  if (context.static) throw new ToolDefinitionError(`${where}: static methods cannot be used; use an instance method.`);
  if (context.private) {
    throw new ToolDefinitionError(`${where}: #private methods cannot be used; the server must be able to call them.`);
  }
  if (typeof context.name === "symbol") {
    throw new ToolDefinitionError(`${where}: symbol-named methods cannot be used; give the method a string name.`);
  }
  if (!context.metadata) {
    throw new ToolDefinitionError(
      `${where}: the decorator got no metadata object. Import toolwright before defining classes, so its ` +
        "Symbol.metadata polyfill runs first.",
    );
  }
  return { name: context.name, fn: value as (...args: never[]) => unknown, metadata: context.metadata, where };
}
