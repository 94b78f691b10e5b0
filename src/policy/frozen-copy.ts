import { isRichContent } from "../content/content-part.js";

/**
 * A copy of `value` that nobody else holds and nobody can change: plain objects and arrays are copied and frozen, all
 * the way down; toolwright's content parts (frozen by their factories, and known by a brand a copy would lose) and
 * primitives are kept as they are, as is any other object (a Date, a Map, a class instance: what the cache cannot copy
 * faithfully). What a memory cache keeps of a result, so that the handler changing its own value later, or a caller
 * changing a hit, never changes what the next hit answers. `value` holds no cycle: a result reaching the cache was
 * JSON-encodable.
 */
export function frozenCopy<T>(value: T): T {
  if (typeof value !== "object" || value === null || isRichContent(value)) return value;
  if (Array.isArray(value)) return Object.freeze(value.map(frozenCopy)) as T;
  const prototype = Object.getPrototypeOf(value) as unknown;
  if (prototype !== Object.prototype && prototype !== null) return value;
  const copy: Record<string, unknown> = prototype === null ? Object.create(null) : {};
  for (const key of Object.keys(value)) {
    const field = frozenCopy((value as Record<string, unknown>)[key]);
    // A `__proto__` key (JSON.parse makes it an own field) stays a field; assigned, it would set the prototype.
    if (key === "__proto__") Object.defineProperty(copy, key, { value: field, enumerable: true });
    else copy[key] = field;
  }
  return Object.freeze(copy) as T;
}
