import type { Format, ValidateFunction } from "ajv/dist/2020.js";
import { collectFormats } from "./formats.js";
import { outOfLengthBounds } from "./length-bounds.js";
import { compileLinearPattern } from "./linear-pattern.js";

/**
 * One validator module written by `toolwright generate --validators`: ajv's standalone code for a tool's input
 * schema, as a function of {@link PrecompiledRuntime}, so the module imports nothing and evaluates no string.
 */
export interface PrecompiledValidator {
  /** A hash of the exact text of the input schema the validator was generated from (16 hex digits). */
  readonly hash: string;
  /** Builds the validator; called on the tool's first call, not when the module is imported. */
  readonly create: (runtime: PrecompiledRuntime) => ValidateFunction;
}

/** What a generated validator takes from toolwright instead of `require()`-ing ajv's runtime files. */
export interface PrecompiledRuntime {
  /** A string's length in code points (ajv's `ucs2length`). */
  readonly ucs2length: (text: string) => number;
  /** Deep equality of two JSON values (ajv's `equal`, for `const`, `enum` and `uniqueItems`). */
  readonly equal: (a: unknown, b: unknown) => boolean;
  /** toolwright's format checks, as ajv's format definitions: `{ validate }`. */
  readonly formats: Readonly<Record<string, { validate: (value: unknown) => boolean }>>;
  /** A `pattern` check as toolwright's ajv keyword makes it: linear time, skipped when a length bound fails. */
  readonly pattern: (source: string, minLength: number, maxLength: number) => (text: string) => boolean;
  /** A `patternProperties` key matcher (ajv's `code.regExp`). */
  readonly regExp: (source: string) => { test(text: string): boolean };
}

// Symbol.for on globalThis, so the ESM and CommonJS copies of toolwright share what a generated module registered.
const STORE_KEY = Symbol.for("toolwright.precompiled-validators");

function store(): Map<string, PrecompiledValidator> {
  const holder = globalThis as { [STORE_KEY]?: Map<string, PrecompiledValidator> };
  return (holder[STORE_KEY] ??= new Map());
}

/**
 * Registers validators written by `toolwright generate --validators` (the generated schema module calls it when it
 * is imported). On the worker and browser build, a tool whose input schema hashes to a registered validator's
 * {@link PrecompiledValidator.hash} validates its arguments with it (ajv's speed, no eval); any other tool uses the
 * no-eval validator. The Node build compiles with ajv and does not read them.
 */
export function registerPrecompiledValidators(validators: readonly PrecompiledValidator[]): void {
  for (const validator of validators) store().set(validator.hash, validator);
}

/** Returns the registered validator made for exactly `schema`, built on first use, or undefined. */
export function precompiledValidatorFor(schema: object): ValidateFunction | undefined {
  const known = store();
  if (known.size === 0) return undefined;
  const found = known.get(schemaHash(schema));
  return found ? found.create(precompiledRuntime()) : undefined;
}

/**
 * A hash of the exact text of `schema` (key order included: ajv reports properties in the order the schema lists
 * them), two 32-bit FNV-1a style lanes as 16 hex digits. It names a generated validator and finds it again.
 */
export function schemaHash(schema: object): string {
  const text = JSON.stringify(schema);
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ text.length;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    a = Math.imul(a ^ code, 0x01000193);
    b = Math.imul(b ^ code, 0x5bd1e995);
    b ^= b >>> 15;
  }
  return (a >>> 0).toString(16).padStart(8, "0") + (b >>> 0).toString(16).padStart(8, "0");
}

let runtime: PrecompiledRuntime | undefined;

/** Returns the runtime generated validators are built with, made on first need. */
export function precompiledRuntime(): PrecompiledRuntime {
  return (runtime ??= {
    ucs2length: (text) => {
      let count = 0;
      for (const _ of text) count++;
      return count;
    },
    equal: jsonEqual,
    formats: formatChecks(),
    pattern: (source, minLength, maxLength) => {
      const compiled = compileLinearPattern(source);
      return (text) => outOfLengthBounds(text, minLength, maxLength) || compiled.test(text);
    },
    regExp: (source) => compileLinearPattern(source),
  });
}

function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const other = b as unknown[];
    return a.length === other.length && a.every((item, i) => jsonEqual(item, other[i]));
  }
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every(
    (key) =>
      Object.hasOwn(b, key) && jsonEqual((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]),
  );
}

// toolwright's format checks, collected from the same function that adds them to ajv on Node.
function formatChecks(): Record<string, { validate: (value: unknown) => boolean }> {
  const checks: Record<string, { validate: (value: unknown) => boolean }> = {};
  for (const [name, format] of Object.entries(collectFormats())) checks[name] = { validate: asCheck(format) };
  return checks;
}

function asCheck(format: Format): (value: unknown) => boolean {
  if (format === true) return () => true;
  if (typeof format === "string") return (value) => new RegExp(format, "u").test(String(value));
  if (format instanceof RegExp) return (value) => format.test(String(value));
  if (typeof format === "function") return format as (value: unknown) => boolean;
  const { validate } = format as { validate: unknown };
  if (validate instanceof RegExp) return (value) => validate.test(String(value));
  return validate as (value: unknown) => boolean;
}

/** The type each format of toolwright's checks applies to ("string" unless ajv-formats says otherwise). */
export function formatTypes(): Readonly<Record<string, string>> {
  const collected = collectFormats();
  const types: Record<string, string> = {};
  for (const [name, format] of Object.entries(collected)) {
    const type = typeof format === "object" && !(format instanceof RegExp) ? format.type : undefined;
    types[name] = typeof type === "string" ? type : "string";
  }
  return types;
}
