/**
 * Sets `target[key] = value` as an own data property. Plain assignment of a key called "__proto__" would set the
 * object's prototype instead (handing a handler inherited fields no validator saw); defining it keeps it an own key,
 * as JSON.parse does.
 */
export function setOwn(target: Record<string, unknown>, key: string, value: unknown): void {
  if (key === "__proto__")
    Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  else target[key] = value;
}

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
  return someAcceptsNull(schema.anyOf, unknownAccepts) || someAcceptsNull(schema.oneOf, unknownAccepts);
}

// Whether a branch of an `anyOf`/`oneOf` list accepts null; a loop, not a joined copy of both lists per call.
function someAcceptsNull(branches: unknown, unknownAccepts: boolean): boolean {
  if (!Array.isArray(branches)) return false;
  for (const branch of branches) if (isPlainObject(branch) && acceptsNull(branch, unknownAccepts)) return true;
  return false;
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
  if (value === undefined) return value;
  // Exporters copy every schema they hand out; a walk copies plain JSON several times faster than a JSON round
  // trip. Anything the round trip would change (NaN, -0, a Date, a class instance, a cycle) takes the round trip.
  const copy = copyPlain(value, 0);
  return copy === NOT_PLAIN ? (JSON.parse(JSON.stringify(value)) as T) : (copy as T);
}

const NOT_PLAIN = Symbol("not plain JSON");

/**
 * Returns the copy `structuredClone(value)` makes. Plain JSON (finite numbers, strings, booleans, null, and plain
 * objects and arrays of them with no undefined member) is copied by a walk, several times cheaper for the small
 * arguments of a call; anything else by `structuredClone` itself, which keeps a Date, a Map, a cycle or an undefined
 * member as they are.
 * @throws {DataCloneError} for a value `structuredClone` refuses (a function, a class instance with private state).
 */
export function cloneValue<T>(value: T): T {
  const copy = copyPlain(value, 0, true);
  return copy === NOT_PLAIN ? structuredClone(value) : (copy as T);
}

/**
 * Returns a fresh, mutable copy of a schema toolwright built and froze itself (a strict rewrite's result): plain JSON
 * already (a rewrite copies every value it keeps through {@link cloneJson}), so none of the checks `cloneJson` makes
 * for a tree from outside are needed. Exporters hand out such a copy on every export.
 */
export function copyBuiltJson<T>(value: T): T {
  return copyBuilt(value) as T;
}

function copyBuilt(value: unknown): unknown {
  if (typeof value !== "object" || value === null) return value;
  if (Array.isArray(value)) {
    const out: unknown[] = [];
    for (let i = 0; i < value.length; i++) out.push(copyBuilt(value[i]));
    return out;
  }
  const out: Record<string, unknown> = {};
  for (const key in value) {
    // Own keys only: an enumerable key a polluted Object.prototype lends must not land in the copy.
    if (!Object.hasOwn(value, key)) continue;
    const copy = copyBuilt((value as Record<string, unknown>)[key]);
    // setOwn, inline: a call per key is a good part of a first export, which runs before V8 optimises this.
    if (key === "__proto__") setOwn(out, key, copy);
    else out[key] = copy;
  }
  return out;
}

// Returns the copy JSON.parse(JSON.stringify(value)) would give, or NOT_PLAIN where the walk cannot be sure it would.
// `exact`: NOT_PLAIN for a member JSON leaves out too, so the copy is also the one structuredClone makes.
function copyPlain(value: unknown, depth: number, exact = false): unknown {
  if (value === null || typeof value === "string" || typeof value === "boolean") return value;
  if (typeof value === "number") return Number.isFinite(value) && !Object.is(value, -0) ? value : NOT_PLAIN;
  if (typeof value !== "object" || depth > 100) return NOT_PLAIN;
  if ("toJSON" in value) return NOT_PLAIN;
  if (Array.isArray(value)) {
    const out: unknown[] = [];
    for (let i = 0; i < value.length; i++) {
      const item = copyPlain(value[i], depth + 1, exact);
      if (item === NOT_PLAIN) return NOT_PLAIN; // JSON writes null for undefined, a function or a hole
      out.push(item);
    }
    return out;
  }
  const proto: unknown = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return NOT_PLAIN;
  const out: Record<string, unknown> = {};
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue; // the own keys, as Object.keys lists them, without making the list
    const member = (value as Record<string, unknown>)[key];
    // JSON leaves these members out.
    if (member === undefined || typeof member === "function" || typeof member === "symbol") {
      if (exact) return NOT_PLAIN;
      continue;
    }
    const copy = copyPlain(member, depth + 1, exact);
    if (copy === NOT_PLAIN) return NOT_PLAIN;
    setOwn(out, key, copy);
  }
  return out;
}
