import type { JsonSchema } from "./json-schema.js";

/** Tags an object as a toolwright descriptor and names its kind. Symbol-keyed, so JSON and ajv never see it. */
export const KIND: unique symbol = Symbol.for("toolwright.param.kind") as never;
/** Marks a descriptor as not required in its parent object. */
export const OPTIONAL: unique symbol = Symbol.for("toolwright.param.optional") as never;
/** Marks a descriptor that carries a `default`: not required from the model, always present for the handler. */
export const DEFAULTED: unique symbol = Symbol.for("toolwright.param.defaulted") as never;

/** The kinds of descriptor `p` makes. */
export type ParamKind =
  | "string"
  | "number"
  | "integer"
  | "boolean"
  | "literal"
  | "enum"
  | "array"
  | "object"
  | "union"
  | "nullable"
  | "record"
  | "any";

/** Marker type of a descriptor made optional. */
export interface OptionalMarker {
  readonly [OPTIONAL]: true;
}
/** Marker type of a descriptor that has a default. */
export interface DefaultedMarker {
  readonly [DEFAULTED]: true;
}

/**
 * What every descriptor is: a JSON Schema object with a hidden kind tag, a phantom `~type` for {@link Infer}, and
 * three chainable methods that each return a new frozen descriptor.
 */
export interface ParamBase<T> extends JsonSchema {
  readonly [KIND]: ParamKind;
  /** Phantom carrier of the static type; never present at run time. */
  readonly "~type"?: T;
  /** Returns a copy with `description` set. */
  describe(description: string): this;
  /**
   * Returns a copy with a JSON Schema `default`; the key becomes optional for the model and present for the handler.
   * Callable once: on the copy, the own `default` keyword (the value) shadows this method, so a second call is a type
   * error rather than a "not a function" crash.
   */
  default(this: this extends DefaultedMarker ? never : this, value: T): this & DefaultedMarker;
  /** Returns a copy that is not required in its parent object. */
  optional(): this & OptionalMarker;
}

/** Any descriptor. */
export type AnyParam = ParamBase<unknown>;

/** A descriptor shape: the parameters of a tool, by name. */
export type ParamShape = Readonly<Record<string, AnyParam>>;

// The methods live on a shared prototype as non-enumerable members, so a descriptor's own keys are exactly its JSON
// Schema: JSON.stringify, ajv and object spread see the schema and nothing else.
const paramMethods = Object.create(null) as Record<string, unknown>;
Object.defineProperties(paramMethods, {
  describe: {
    value(this: AnyParam, description: string) {
      return deriveParam(this, { description });
    },
  },
  default: {
    value(this: AnyParam, value: unknown) {
      return deriveParam(this, { default: value }, { [DEFAULTED]: true });
    },
  },
  optional: {
    value(this: AnyParam) {
      return deriveParam(this, {}, { [OPTIONAL]: true });
    },
  },
});

/** Options every kind accepts. */
export interface CommonOptions {
  /** What the parameter means, for the model. */
  readonly description?: string;
  /** A title, for UIs and providers that show one. */
  readonly title?: string;
  /** Example values, shown to models that read JSON Schema `examples`. */
  readonly examples?: readonly unknown[];
}

/** Builds a frozen descriptor of a kind from its schema keywords. The one place that creates descriptor objects. */
export function defineParam<P extends AnyParam>(kind: ParamKind, schema: object, markers: object = {}): P {
  const param = Object.create(paramMethods) as Record<PropertyKey, unknown>;
  // defineProperty, not assignment: `default` is also a read-only method on the prototype, which would block `=`.
  for (const [key, value] of Object.entries(schema)) {
    if (value !== undefined) Object.defineProperty(param, key, { value, enumerable: true, writable: true });
  }
  // Non-enumerable tags: a spread or Object.assign copy is plain JSON Schema, not a descriptor without its methods, and
  // deep-equality checks (jest's toEqual reads enumerable symbols) see exactly the schema.
  Object.defineProperty(param, KIND, { value: kind });
  for (const key of Object.getOwnPropertySymbols(markers)) Object.defineProperty(param, key, { value: true });
  return Object.freeze(param) as unknown as P;
}

/** The optional/defaulted markers a descriptor type carries, for builders that wrap a descriptor. */
export type MarkersOf<P> = (P extends OptionalMarker ? OptionalMarker : unknown) &
  (P extends DefaultedMarker ? DefaultedMarker : unknown);

/** Returns the optional/defaulted markers `param` carries, to pass on to a descriptor built from it. */
export function markersOf(param: AnyParam): Record<symbol, true> {
  const carried: Record<symbol, true> = {};
  for (const marker of [OPTIONAL, DEFAULTED]) if (marker in param) carried[marker] = true;
  return carried;
}

/** Returns a copy of `param` with extra keywords and markers; the original is never changed. */
export function deriveParam<P extends AnyParam>(param: P, keywords: object, markers: object = {}): P {
  return defineParam(param[KIND], { ...param, ...keywords }, { ...markersOf(param), ...markers });
}

/** Turns the short form (a description string) or an options object into options. */
export function optionsOf<O extends CommonOptions>(options: string | O | undefined): O {
  if (typeof options === "string") return { description: options } as O;
  return options ?? ({} as O);
}

/** Describes any value for an error message; never throws (JSON.stringify does on a BigInt or a cycle). */
export function showValue(value: unknown): string {
  if (typeof value === "function") return `a function (${value.name || "anonymous"})`;
  if (typeof value === "number") return String(value); // JSON would print NaN and Infinity as null
  if (typeof value === "bigint") return `${value}n`;
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

/** Returns true when `value` is a descriptor made by `p`. */
export function isParam(value: unknown): value is AnyParam {
  return typeof value === "object" && value !== null && KIND in value;
}

/** Returns true when `value` is a descriptor of the given kind. */
export function isKind(value: unknown, kind: ParamKind): boolean {
  return isParam(value) && value[KIND] === kind;
}

/** Returns true when the descriptor is not required in its parent (made optional, or given a default). */
export function isOptionalParam(param: AnyParam): boolean {
  return OPTIONAL in param || DEFAULTED in param;
}
