import { ToolDefinitionError } from "../errors/errors.js";
import type { LegacyInfo } from "./metadata.js";

/** The part of a Stage-3 decorator context a method decorator reads; a legacy call is described the same way. */
export interface DecoratorContextLike {
  readonly kind: string;
  readonly name: string | symbol;
  readonly static: boolean;
  readonly private: boolean;
  readonly metadata?: object | undefined;
}

/** A decorator call in the form Stage-3 gives it: the decorated value and its context, plus what legacy mode adds. */
export interface DecoratorCall {
  readonly value: unknown;
  readonly context: DecoratorContextLike;
  readonly legacy?: LegacyInfo;
}

/** Returns true for the context object of a Stage-3 call `(value, context)`. */
export function isStage3Context(value: unknown): value is DecoratorContextLike {
  return typeof value === "object" && value !== null && "kind" in value && "name" in value;
}

type ReflectWithMetadata = typeof Reflect & {
  getOwnMetadata?: (key: string, target: object, property: string | symbol) => unknown;
};

/**
 * Describes a legacy (`experimentalDecorators`) call `(target, key, descriptor)` as a Stage-3 call: the target is the
 * prototype for an instance member and the constructor for a static one. The class's own `Symbol.metadata` object
 * (created here when the compiler made none) receives the entry, so inheritance resolves exactly as in standard mode.
 * @throws {ToolDefinitionError} when the arguments are neither a Stage-3 nor a legacy decorator call.
 */
export function legacyCall(target: unknown, key: unknown, descriptor: unknown, decorator: string): DecoratorCall {
  const isStatic = typeof target === "function";
  const ctor: unknown = isStatic ? target : (target as { constructor?: unknown } | null)?.constructor;
  // A legacy target is a class's prototype (instance member) or the class itself (static member), nothing else.
  const isClassTarget = typeof ctor === "function" && (isStatic || ctor.prototype === target);
  if (!isClassTarget || (typeof key !== "string" && typeof key !== "symbol")) {
    throw new ToolDefinitionError(
      `${decorator} must be applied to a class method, as "${decorator}({ ... })" on the line before it; ` +
        "it was called with neither a standard (value, context) nor a legacy (target, key, descriptor) signature.",
    );
  }
  const value = (descriptor as PropertyDescriptor | undefined)?.value;
  const getOwnMetadata = (Reflect as ReflectWithMetadata).getOwnMetadata;
  const designTypes = getOwnMetadata?.("design:paramtypes", target as object, key);
  return {
    value,
    context: {
      kind: memberKind(descriptor),
      name: key,
      static: isStatic,
      private: false,
      metadata: ownMetadata(ctor),
    },
    legacy: {
      reflectMetadata: typeof getOwnMetadata === "function",
      ...(Array.isArray(designTypes) ? { designTypes: Object.freeze([...designTypes]) } : {}),
    },
  };
}

// Legacy property decorators get no descriptor from tsc and one with an `initializer` from Babel.
function memberKind(descriptor: unknown): string {
  const d = descriptor as PropertyDescriptor | undefined;
  if (d?.get && d.set) return "accessor";
  if (d?.get) return "getter";
  if (d?.set) return "setter";
  return typeof d?.value === "function" ? "method" : "field";
}

// Linked to the parent's object as tsc, esbuild and Babel do in standard mode; the reflector reads own maps only.
function ownMetadata(ctor: object): object {
  const key = Symbol.metadata;
  const existing: unknown = Object.hasOwn(ctor, key) ? (ctor as Record<symbol, unknown>)[key] : undefined;
  if (typeof existing === "object" && existing !== null) return existing;
  const parent: unknown = (Object.getPrototypeOf(ctor) as Record<symbol, unknown> | null)?.[key];
  const metadata = Object.create(typeof parent === "object" ? parent : null) as object;
  Object.defineProperty(ctor, key, { value: metadata, writable: true, configurable: true, enumerable: false });
  return metadata;
}
