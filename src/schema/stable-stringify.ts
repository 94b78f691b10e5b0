/**
 * Serialises a JSON value with object keys in sorted order, so two objects with the same content give the same text
 * whatever order their keys were written in. Follows `JSON.stringify` for everything else (`toJSON`, skipped
 * `undefined` properties), except that a BigInt becomes the text `"<digits>n"`.
 * @throws for a value with a cycle (the copies the sort makes hide it from JSON.stringify: a RangeError, the stack's).
 */
export function stableStringify(value: unknown): string {
  // Call arguments are nearly always plain JSON data, often with keys already in order: then JSON.stringify writes
  // the very text (and a flat string, which a Map hashes at once); out of order, they are written here, rather than
  // through a replacer that copies every object. Anything else takes the general path, which defines the text.
  if (isCanonical(value, 0)) return JSON.stringify(value);
  return plainText(value, 0) ?? generalStringify(value);
}

/**
 * True when `JSON.stringify(value)` is already {@link stableStringify}'s text: plain data whose objects list their
 * keys in sorted order (see plainText for what plain means).
 */
export function isCanonical(value: unknown, depth = 0): boolean {
  switch (typeof value) {
    case "string":
    case "number":
    case "boolean":
      return true;
    case "object":
      break;
    default:
      return false;
  }
  if (value === null) return true;
  if (depth >= MAX_FAST_DEPTH) return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  if (proto === Array.prototype) {
    const items = value as readonly unknown[];
    for (let i = 0; i < items.length; i++) if (!isCanonical(items[i], depth + 1)) return false;
    return true;
  }
  if (proto !== Object.prototype && proto !== null) return false;
  const record = value as Record<string, unknown>;
  if (typeof record.toJSON === "function") return false;
  let previous: string | undefined;
  for (const key in record) {
    // for-in lists inherited enumerable keys too; a plain object's own keys are what JSON.stringify writes.
    if (!Object.hasOwn(record, key)) return false;
    const code = key.charCodeAt(0);
    if ((code >= 48 && code <= 57) || (previous !== undefined && !(previous < key))) return false;
    previous = key;
    const field = record[key];
    if (field !== undefined && !isCanonical(field, depth + 1)) return false;
  }
  return true;
}

function generalStringify(value: unknown): string {
  return JSON.stringify(value, (_key, field: unknown) => {
    // A Standard Schema transform may produce a BigInt; it must hash, not throw.
    if (typeof field === "bigint") return `${field}n`;
    if (typeof field !== "object" || field === null || Array.isArray(field)) return field;
    // A null-prototype object, so a "__proto__" key (which the dispatcher keeps as an own key) is hashed like any other.
    const sorted = Object.create(null) as Record<string, unknown>;
    for (const key of Object.keys(field).sort()) sorted[key] = (field as Record<string, unknown>)[key];
    return sorted;
  });
}

// Deeper than this the general path decides (and throws for a cycle).
const MAX_FAST_DEPTH = 32;

// The text of plain data (strings, finite or not numbers, booleans, null, plain objects and arrays of them), exactly
// as the general path writes it; undefined for anything it would treat specially: a BigInt, a function or symbol, an
// `undefined` array item, an object with `toJSON` or another prototype, a key that reads as an array index (a
// null-prototype object lists those first, in numeric order).
function plainText(value: unknown, depth: number): string | undefined {
  switch (typeof value) {
    case "string":
      return JSON.stringify(value);
    case "number":
      return Number.isFinite(value) ? String(value) : "null";
    case "boolean":
      return value ? "true" : "false";
    case "object":
      break;
    default:
      return undefined;
  }
  if (value === null) return "null";
  if (depth >= MAX_FAST_DEPTH) return undefined;
  const proto = Object.getPrototypeOf(value) as unknown;
  if (proto === Array.prototype) {
    const items = value as readonly unknown[];
    let text = "[";
    for (let i = 0; i < items.length; i++) {
      const item = plainText(items[i], depth + 1);
      if (item === undefined) return undefined;
      text += i === 0 ? item : `,${item}`;
    }
    return `${text}]`;
  }
  if (proto !== Object.prototype && proto !== null) return undefined;
  const record = value as Record<string, unknown>;
  if (typeof record.toJSON === "function") return undefined;
  const keys = Object.keys(record);
  if (!inOrder(keys)) keys.sort();
  let text = "{";
  let first = true;
  for (const key of keys) {
    const code = key.charCodeAt(0);
    if (code >= 48 && code <= 57) return undefined;
    const field = record[key];
    if (field === undefined) continue;
    const item = plainText(field, depth + 1);
    if (item === undefined) return undefined;
    text += `${first ? "" : ","}${quoted(key)}:${item}`;
    first = false;
  }
  return `${text}}`;
}

// True when `keys` are already in the order sort() gives (UTF-16 code units, as `<` compares): a schema's arguments
// often come so, and checking costs less than sorting.
function inOrder(keys: readonly string[]): boolean {
  for (let i = 1; i < keys.length; i++) if (!(keys[i - 1]! < keys[i]!)) return false;
  return true;
}

// Keys as JSON strings, kept for the names arguments keep using (a schema's properties); bounded, so keys a caller
// makes up cannot grow it without end.
const quotedKeys = new Map<string, string>();
const MAX_QUOTED_KEYS = 1_024;

function quoted(key: string): string {
  let text = quotedKeys.get(key);
  if (text === undefined) {
    text = JSON.stringify(key);
    if (quotedKeys.size < MAX_QUOTED_KEYS) quotedKeys.set(key, text);
  }
  return text;
}
