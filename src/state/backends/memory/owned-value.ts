/**
 * Copies a value a store is handed or hands out, so the store and its callers never share an object: plain objects
 * and arrays are copied field by field (fields whose value is undefined are left out, as JSON leaves them out); any
 * other object (a Date, a typed array, a Map) is copied by `structuredClone`. Much cheaper than a JSON round trip for
 * the small records approvals and tasks write, and no parse on a read.
 * @throws {DataCloneError} for a value `structuredClone` refuses (a function, a class instance with private state).
 */
export function ownedCopy<T>(value: T): T {
  if (typeof value !== "object" || value === null) return value;
  if (Array.isArray(value)) return value.map(ownedCopy) as T;
  const prototype = Object.getPrototypeOf(value) as unknown;
  if (prototype !== Object.prototype && prototype !== null) return structuredClone(value);
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    const field = (value as Record<string, unknown>)[key];
    if (field === undefined) continue;
    setField(copy, key, ownedCopy(field));
  }
  return copy as T;
}

/**
 * Sets one field of a record the store owns. A field named `__proto__` (JSON.parse makes it an own field) stays a
 * field, defined through a descriptor; assigned, it would set the record's prototype. Only that one is: a descriptor
 * made per field was most of what a write allocated.
 */
export function setField(record: Record<string, unknown>, name: string, value: unknown): void {
  if (name !== "__proto__") record[name] = value;
  else Object.defineProperty(record, name, { value, enumerable: true, writable: true, configurable: true });
}

/**
 * Tells whether two values a store keeps are equal field by field (what a guard's `equals` compares): the same
 * primitives, arrays of equal items, plain objects with the same defined fields (in any order) holding equal values.
 * Objects of other kinds are compared by their JSON text.
 */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((item, index) => sameValue(item, b[index]));
  }
  if (!isPlain(a) || !isPlain(b)) return JSON.stringify(a) === JSON.stringify(b);
  // Counted and compared in place: no array of keys per object compared, on every guarded write.
  let defined = 0;
  for (const key of Object.keys(a)) {
    if (a[key] === undefined) continue;
    defined += 1;
    if (!Object.hasOwn(b, key) || !sameValue(a[key], b[key])) return false;
  }
  return defined === definedCount(b);
}

function isPlain(value: object): value is Record<string, unknown> {
  const prototype = Object.getPrototypeOf(value) as unknown;
  return prototype === Object.prototype || prototype === null;
}

function definedCount(value: Record<string, unknown>): number {
  let count = 0;
  for (const key of Object.keys(value)) if (value[key] !== undefined) count += 1;
  return count;
}
