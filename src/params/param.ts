import type { JsonSchema } from "./json-schema.js";
import { ToolDefinitionError } from "../errors/errors.js";
import { checkAgainstDescriptor } from "./default-check.js";
import { checkKeywords, isCleanJson } from "./keyword-checks.js";

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
      return deriveParam(this, { description }, {}, `p.${this[KIND]}().describe()`);
    },
  },
  default: {
    value(this: AnyParam, value: unknown) {
      // The handler receives the default whenever the model leaves the key out: one that breaks the descriptor's own
      // rules would make every such call fail, and the message would blame the model for a value it never sent.
      // A value JSON cannot carry (a function, NaN) is odd rather than wrong: the JSON round trip decides it, as before.
      const verdict = isCleanJson(value) ? checkAgainstDescriptor(this, value) : undefined;
      if (verdict !== undefined && verdict !== "unknown") {
        const at = verdict.path === "" ? "" : ` at ${verdict.path}`;
        throw new ToolDefinitionError(
          `p.${this[KIND]}().default(${showValue(value)}): the default breaks the descriptor's own schema${at}: it ` +
            `${verdict.rule}. The schema allows ${showSchema(this)}; give a default it allows, or drop the default.`,
        );
      }
      return derive(this, { default: value }, false, true);
    },
  },
  optional: {
    value(this: AnyParam) {
      return derive(this, NO_KEYWORDS, true, false);
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

// Set on the prototype of descriptors whose every keyword a builder checked (see keyword-checks.ts): a schema made
// of them only is valid JSON Schema by construction. A local symbol: another copy of the package checks its own.
const CHECKED = Symbol("toolwright.param.checked");

// One prototype per kind and marker set, holding the hidden tags, so a descriptor is one object literal of its
// keywords: no defineProperty per key, and descriptors of one kind and keyword set share a V8 shape. By kind, then
// by the three markers as the bits of an index (no key string made per descriptor).
const prototypes = new Map<ParamKind, (object | undefined)[]>();

function prototypeFor(kind: ParamKind, optional: boolean, defaulted: boolean, checked: boolean): object {
  let ofKind = prototypes.get(kind);
  if (!ofKind) prototypes.set(kind, (ofKind = []));
  const index = (optional ? 1 : 0) + (defaulted ? 2 : 0) + (checked ? 4 : 0);
  let proto = ofKind[index];
  if (!proto) {
    // Non-enumerable tags: a spread or Object.assign copy is plain JSON Schema, not a descriptor without its methods,
    // and deep-equality checks (jest's toEqual reads enumerable symbols) see exactly the schema.
    const tags: PropertyDescriptorMap = { [KIND]: { value: kind } };
    if (optional) tags[OPTIONAL] = { value: true };
    if (defaulted) tags[DEFAULTED] = { value: true };
    if (checked) tags[CHECKED] = { value: true };
    proto = Object.freeze(Object.create(paramMethods, tags) as object);
    ofKind[index] = proto;
  }
  return proto;
}

/**
 * Builds a frozen descriptor of a kind from its schema keywords. The one place that creates descriptor objects.
 * @throws {ToolDefinitionError} naming `where` and the option when a keyword has a value JSON Schema refuses.
 */
export function defineParam<P extends AnyParam>(
  kind: ParamKind,
  schema: object,
  markers: object = NO_KEYWORDS,
  where?: string,
): P {
  return build(kind, schema, OPTIONAL in markers, DEFAULTED in markers, where);
}

// Shared by every call without keywords or markers to add, instead of a new `{}` each time.
const NO_KEYWORDS: object = Object.freeze({});

// The builder's name for messages, made once per kind rather than once per descriptor.
const BUILDER_NAMES = new Map<ParamKind, string>();

// `added`, when given, holds the only keywords not checked yet: the rest come from a checked descriptor, frozen since
// (its `data` keywords, which the user may still change, are checked again when a tool's schema is copied).
function build<P extends AnyParam>(
  kind: ParamKind,
  schema: object,
  optional: boolean,
  defaulted: boolean,
  where: string | undefined,
  added?: object,
): P {
  let name = where ?? BUILDER_NAMES.get(kind);
  if (name === undefined) BUILDER_NAMES.set(kind, (name = `p.${kind}()`));
  const keywords = definedKeywords(schema as Record<string, unknown>);
  const checked = checkKeywords((added ?? keywords) as Record<string, unknown>, name);
  const proto = prototypeFor(kind, optional, defaulted, checked);
  // A literal with `__proto__` and a spread: spread defines own data properties, so `default` is an own keyword even
  // though the prototype has a read-only `default` method, which would block an assignment.
  return Object.freeze({ __proto__: proto, ...keywords }) as unknown as P;
}

// Drops `undefined` members (an option left unset) and symbol keys: a descriptor's own keys are its JSON Schema.
function definedKeywords(schema: Record<string, unknown>): Record<string, unknown> {
  let clean = true;
  for (const key in schema) if (schema[key] === undefined) clean = false;
  if (clean && Object.getOwnPropertySymbols(schema).length === 0) return schema;
  const keywords: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    if (value !== undefined)
      Object.defineProperty(keywords, key, { value, enumerable: true, writable: true, configurable: true });
  }
  return keywords;
}

/** Returns true for a descriptor whose own keywords were all checked when it was built (see keyword-checks.ts). */
export function isCheckedParam(value: unknown): boolean {
  return typeof value === "object" && value !== null && CHECKED in value;
}

/** The optional/defaulted markers a descriptor type carries, for builders that wrap a descriptor. */
export type MarkersOf<P> = (P extends OptionalMarker ? OptionalMarker : unknown) &
  (P extends DefaultedMarker ? DefaultedMarker : unknown);

/** Returns the optional/defaulted markers `param` carries, to pass on to a descriptor built from it. */
export function markersOf(param: AnyParam): Record<symbol, true> {
  const carried: Record<symbol, true> = {};
  if (OPTIONAL in param) carried[OPTIONAL] = true;
  if (DEFAULTED in param) carried[DEFAULTED] = true;
  return carried;
}

/** Returns a copy of `param` with extra keywords and markers; the original is never changed. */
export function deriveParam<P extends AnyParam>(
  param: P,
  keywords: object,
  markers: object = NO_KEYWORDS,
  where?: string,
): P {
  return derive(param, keywords, OPTIONAL in markers, DEFAULTED in markers, where);
}

// deriveParam with the markers to add as flags: `.default()` and `.optional()` run once per parameter of every
// definition, and two marker objects per call were most of what they allocated.
function derive<P extends AnyParam>(
  param: P,
  keywords: object,
  optional: boolean,
  defaulted: boolean,
  where?: string,
): P {
  return build(
    param[KIND],
    { ...param, ...keywords },
    optional || OPTIONAL in param,
    defaulted || DEFAULTED in param,
    where,
    CHECKED in param ? keywords : undefined,
  );
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

/** Describes a schema for an error message, without its annotations, in at most about 200 characters. */
export function showSchema(schema: object): string {
  const { description: _d, title: _t, examples: _e, default: _default, ...rules } = schema as Record<string, unknown>;
  const text = showValue(rules);
  return text.length > 200 ? `${text.slice(0, 197)}...` : text;
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
