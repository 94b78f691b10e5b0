import { ToolDefinitionError } from "../errors/errors.js";
import { type DecoratorContextLike, isStage3Context, legacyCall } from "./legacy-call.js";
import type { LegacyInfo } from "./metadata.js";

/** A decorated instance method, read from a Stage-3 call or a legacy one alike. */
export interface DecoratedMethod {
  readonly name: string;
  readonly fn: (...args: never[]) => unknown;
  readonly metadata: object;
  /** Where the decorator sits, for messages: `@resource on "readme"`. */
  readonly where: string;
  /** The Stage-3 context, or the one a legacy call is described by (its `addInitializer` runs per instance). */
  readonly context: DecoratorContextLike;
  /** What a legacy (`experimentalDecorators`) call adds; absent for a Stage-3 call. */
  readonly legacy: LegacyInfo | undefined;
  /** A legacy call's target (the class's prototype); absent for a Stage-3 call. */
  readonly legacyTarget: unknown;
}

/** How the refusals of {@link decoratedMethod} name what the decorator makes of a method. */
export interface DecoratedMethodWords {
  /** What methods can be: `"be tools"` (`only methods can be tools`). */
  readonly canBe: string;
  /** What other methods cannot: `"be tools"` (`static methods cannot be tools`). */
  readonly cannot: string;
  /** Why a `#private` method cannot be used: who calls it. */
  readonly caller: string;
  /** What a symbol-named method should do instead. */
  readonly symbolHint: string;
}

/** The words of `@resource` and `@prompt`, which decorate a method the server calls. */
const ENTRY_WORDS: DecoratedMethodWords = {
  canBe: "be decorated",
  cannot: "be used",
  caller: "the server",
  symbolHint: "give the method a string name",
};

/**
 * Reads what a method decorator was applied to, in either call form, as `@tool` does; `words` name what the decorator
 * makes of the method in its refusals (the default: `@resource` and `@prompt`'s).
 * @throws {ToolDefinitionError} for a non-method, a static, `#private` or symbol-named method, or a missing metadata
 *   object (toolwright imported after the class was defined).
 */
export function decoratedMethod(
  first: unknown,
  second: unknown,
  third: unknown,
  decorator: string,
  words: DecoratedMethodWords = ENTRY_WORDS,
): DecoratedMethod {
  // The Stage-3 call, the usual one, is read as it is, without a call object made for it.
  const call = isStage3Context(second) ? undefined : legacyCall(first, second, third, decorator);
  const value = call ? call.value : first;
  const context = call ? call.context : (second as DecoratorContextLike);
  const label = typeof context.name === "symbol" ? context.name.toString() : context.name;
  const where = `${decorator} on "${label}"`;
  const cannot = words.cannot;
  if (context.kind !== "method" || typeof value !== "function") {
    throw new ToolDefinitionError(`${where}: only methods can ${words.canBe}; this is a ${context.kind}.`);
  }
  if (context.static) {
    throw new ToolDefinitionError(`${where}: static methods cannot ${cannot}; use an instance method.`);
  }
  if (context.private) {
    throw new ToolDefinitionError(
      `${where}: #private methods cannot ${cannot}; ${words.caller} must be able to call them.`,
    );
  }
  if (typeof context.name === "symbol") {
    throw new ToolDefinitionError(`${where}: symbol-named methods cannot ${cannot}; ${words.symbolHint}.`);
  }
  if (!context.metadata) {
    throw new ToolDefinitionError(
      `${where}: the decorator got no metadata object. Import toolwright before defining classes, so its ` +
        "Symbol.metadata polyfill runs first.",
    );
  }
  return {
    name: context.name,
    fn: value as (...args: never[]) => unknown,
    metadata: context.metadata,
    where,
    context,
    legacy: call?.legacy,
    legacyTarget: call ? first : undefined,
  };
}
