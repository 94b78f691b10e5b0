import { format as interpreterFormats } from "@cfworker/json-schema";
import { outOfLengthBounds } from "../length-bounds.js";
import { compileLinearPattern } from "../linear-pattern.js";

/** Answers true only for a value the interpreter would find valid against the schema it was made from. */
export type AcceptCheck = (value: unknown) => boolean;

// Keywords that never change a verdict.
const ANNOTATIONS: ReadonlySet<string> = new Set([
  "$schema",
  "$comment",
  "title",
  "description",
  "default",
  "examples",
  "deprecated",
  "readOnly",
  "writeOnly",
]);

const TYPES: ReadonlySet<string> = new Set(["string", "number", "integer", "boolean", "null", "object", "array"]);

type Primitive = string | number | boolean | null;

/**
 * Returns a closure that accepts a value valid against `schema`, for the schemas most tools have (objects of
 * strings, numbers, booleans, enums and arrays of them, with their bounds, patterns and formats), or undefined for
 * any schema with a keyword outside that set. The closure only ever answers "valid" early: whenever it says false
 * (or meets anything unusual, such as a non-finite number or an object with a prototype of its own), the interpreter
 * judges the value and words the errors, so no verdict and no text depends on it. Made once per schema, without
 * eval: the interpreter re-reads every keyword of the schema on each call, which this reads once.
 */
export function plainSchemaCheck(schema: unknown): AcceptCheck | undefined {
  if (schema === true) return () => true;
  if (typeof schema !== "object" || schema === null || Array.isArray(schema)) return undefined;
  const checks: AcceptCheck[] = [];
  const node = schema as Record<string, unknown>;
  for (const key of Object.keys(node)) {
    if (ANNOTATIONS.has(key)) continue;
    const check = keywordCheck(key, node[key], node);
    if (check === undefined) return undefined;
    if (check !== null) checks.push(check);
  }
  return (value) => {
    // Only JSON values: anything else (undefined, a non-finite number, a class instance) is the interpreter's to judge.
    if (typeOf(value) === undefined) return false;
    for (const check of checks) if (!check(value)) return false;
    return true;
  };
}

// A keyword's check; null for one another keyword's check covers (`additionalProperties` by `properties`).
function keywordCheck(key: string, value: unknown, node: Record<string, unknown>): AcceptCheck | null | undefined {
  switch (key) {
    case "type":
      return typeCheck(value);
    case "enum":
      return Array.isArray(value) && value.every(isPrimitive) ? (v) => value.some((item) => item === v) : undefined;
    case "const":
      return isPrimitive(value) ? (v) => v === value : undefined;
    case "minimum":
      return bound(value, (v, limit) => v >= limit);
    case "maximum":
      return bound(value, (v, limit) => v <= limit);
    case "exclusiveMinimum":
      return bound(value, (v, limit) => v > limit);
    case "exclusiveMaximum":
      return bound(value, (v, limit) => v < limit);
    case "minLength":
      return count(value, (text, limit) => typeof text !== "string" || !outOfLengthBounds(text, limit, Infinity));
    case "maxLength":
      return count(value, (text, limit) => typeof text !== "string" || !outOfLengthBounds(text, 0, limit));
    case "pattern": {
      if (typeof value !== "string") return undefined;
      const compiled = compileLinearPattern(value);
      return (v) => typeof v !== "string" || compiled.test(v);
    }
    case "format":
      // The interpreter's own table (format-table.ts), read at each call as the interpreter reads it.
      return typeof value === "string"
        ? (v) => typeof v !== "string" || interpreterFormats[value] === undefined || interpreterFormats[value](v)
        : undefined;
    case "properties":
      return propertiesCheck(value, node.additionalProperties);
    case "additionalProperties":
      return node.properties === undefined ? propertiesCheck({}, value) : null;
    case "required":
      return Array.isArray(value) && value.every((name) => typeof name === "string")
        ? (v) => !isObject(v) || value.every((name: string) => Object.hasOwn(v, name))
        : undefined;
    case "items":
      return itemsCheck(value);
    case "minItems":
      return count(value, (items, limit) => !Array.isArray(items) || items.length >= limit);
    case "maxItems":
      return count(value, (items, limit) => !Array.isArray(items) || items.length <= limit);
    default:
      return undefined;
  }
}

function typeCheck(value: unknown): AcceptCheck | undefined {
  const types = typeof value === "string" ? [value] : value;
  if (!Array.isArray(types) || !types.every((type) => typeof type === "string" && TYPES.has(type))) return undefined;
  const allowed = new Set<string>(types);
  return (v) => {
    const type = typeOf(v);
    if (type === undefined) return false;
    return allowed.has(type) || (type === "integer" && allowed.has("number"));
  };
}

// JSON types only, with "integer" for a whole number; undefined (let the interpreter judge) for anything else.
function typeOf(v: unknown): string | undefined {
  switch (typeof v) {
    case "string":
      return "string";
    case "boolean":
      return "boolean";
    case "number":
      return Number.isFinite(v) ? (Number.isInteger(v) ? "integer" : "number") : undefined;
    case "object":
      if (v === null) return "null";
      if (Array.isArray(v)) return "array";
      return isObject(v) ? "object" : undefined;
    default:
      return undefined;
  }
}

// A plain object (or one without a prototype): what JSON gives; other objects are left to the interpreter.
function isObject(v: unknown): v is Record<string, unknown> {
  if (typeof v !== "object" || v === null || Array.isArray(v)) return false;
  const proto = Object.getPrototypeOf(v) as unknown;
  return proto === Object.prototype || proto === null;
}

function bound(limit: unknown, holds: (v: number, limit: number) => boolean): AcceptCheck | undefined {
  if (typeof limit !== "number") return undefined;
  return (v) => typeof v !== "number" || (Number.isFinite(v) && holds(v, limit));
}

function count<T>(limit: unknown, holds: (v: T, limit: number) => boolean): AcceptCheck | undefined {
  if (typeof limit !== "number" || !Number.isInteger(limit) || limit < 0) return undefined;
  return (v) => holds(v as T, limit);
}

function propertiesCheck(properties: unknown, additional: unknown): AcceptCheck | undefined {
  if (typeof properties !== "object" || properties === null || Array.isArray(properties)) return undefined;
  const known = new Map<string, AcceptCheck>();
  for (const [name, subschema] of Object.entries(properties)) {
    const check = plainSchemaCheck(subschema);
    if (check === undefined) return undefined;
    known.set(name, check);
  }
  const rest =
    additional === undefined ? () => true : additional === false ? () => false : plainSchemaCheck(additional);
  if (rest === undefined) return undefined;
  return (v) => {
    if (!isObject(v)) return true;
    for (const name in v) {
      if (!Object.hasOwn(v, name)) return false;
      if (!(known.get(name) ?? rest)(v[name])) return false;
    }
    return true;
  };
}

function itemsCheck(items: unknown): AcceptCheck | undefined {
  if (Array.isArray(items)) return undefined;
  const check = plainSchemaCheck(items);
  if (check === undefined) return undefined;
  return (v) => !Array.isArray(v) || v.every((item) => check(item));
}

function isPrimitive(value: unknown): value is Primitive {
  return value === null || ["string", "number", "boolean"].includes(typeof value);
}
