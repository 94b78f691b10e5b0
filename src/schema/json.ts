/** Returns true when `value` is a non-null, non-array object. */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * Returns true when a schema accepts `null` by its `type`, `const`, `enum`, or one of its `anyOf`/`oneOf` branches.
 * With `unknownAccepts`, a schema whose shape it cannot judge (a `$ref`, or one with no constraint at all) counts as
 * accepting: the dispatcher then never drops a null that might be meant.
 */
export function acceptsNull(schema: Readonly<Record<string, unknown>>, unknownAccepts = false): boolean {
  if (unknownAccepts && (schema.$ref !== undefined || Object.keys(schema).every(isAnnotation))) return true;
  const type = schema.type;
  if (type === "null" || (Array.isArray(type) && type.includes("null"))) return true;
  if (schema.const === null || (Array.isArray(schema.enum) && schema.enum.includes(null))) return true;
  const branches = [
    ...(Array.isArray(schema.anyOf) ? schema.anyOf : []),
    ...(Array.isArray(schema.oneOf) ? schema.oneOf : []),
  ];
  return branches.some((branch) => isPlainObject(branch) && acceptsNull(branch, unknownAccepts));
}

function isAnnotation(keyword: string): boolean {
  return keyword === "description" || keyword === "title";
}

/** Freezes an object and everything reachable from it. */
export function deepFreeze<T>(value: T): T {
  if (typeof value === "object" && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

/** A JSON Schema object as the exporters emit it: a fresh, mutable, plain-JSON copy that never aliases the input. */
export interface SchemaObject {
  [keyword: string]: unknown;
}

/** An emitted schema whose root is an object, in the shape the provider SDKs type their tool parameters with. */
export interface ObjectSchemaObject extends SchemaObject {
  type: "object";
  properties?: Record<string, SchemaObject>;
  required?: string[];
}

/** Returns a deep, plain-JSON copy of `value` (descriptor prototypes, symbol keys and `undefined` members are left out). */
export function cloneJson<T>(value: T): T {
  return value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T);
}
