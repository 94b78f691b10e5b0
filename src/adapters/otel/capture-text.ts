import { types } from "node:util";

// Deep or wide values are cut here: a span attribute is for reading, and a hostile value may be built to be walked
// for ever.
const MAX_DEPTH = 32;
const MAX_NODES = 10_000;

/**
 * Returns JSON text of a call's arguments for a span attribute, and never throws nor runs code of the value: a
 * string (the model's JSON text) as it is; otherwise only own enumerable data properties are read, so no getter,
 * `toJSON` or Proxy trap of a hostile value runs (each could change what the call then sees, or throw). What cannot
 * be read becomes a marker: `"[Proxy]"`, `"[getter]"`, `"[Circular]"`, `"[BigInt 12]"`, `"[cut]"`. A date is
 * written as JSON.stringify writes it.
 */
export function captureText(value: unknown): string {
  if (typeof value === "string") return value;
  try {
    const budget = { nodes: MAX_NODES };
    return JSON.stringify(plain(value, 0, new Set(), budget)) ?? "null";
  } catch {
    return '"[unreadable]"';
  }
}

function plain(value: unknown, depth: number, seen: Set<object>, budget: { nodes: number }): unknown {
  if (--budget.nodes < 0 || depth > MAX_DEPTH) return "[cut]";
  switch (typeof value) {
    case "string":
    case "boolean":
      return value;
    case "number":
      return Number.isFinite(value) ? value : String(value);
    case "bigint":
      return `[BigInt ${value.toString()}]`;
    case "undefined":
    case "function":
    case "symbol":
      return undefined;
  }
  if (value === null) return null;
  const object = value as object;
  if (types.isProxy(object)) return "[Proxy]";
  if (seen.has(object)) return "[Circular]";
  if (types.isDate(object)) {
    // The intrinsic method, not the value's own toJSON: as JSON.stringify writes a valid date, without running its code.
    const time = Date.prototype.getTime.call(object);
    return Number.isNaN(time) ? null : Date.prototype.toISOString.call(object);
  }
  seen.add(object);
  const isArray = Array.isArray(object);
  const out: Record<string, unknown> | unknown[] = isArray ? [] : {};
  for (const key of Reflect.ownKeys(object)) {
    if (typeof key === "symbol") continue;
    const descriptor = Reflect.getOwnPropertyDescriptor(object, key)!;
    if (!descriptor.enumerable) continue;
    const read = "value" in descriptor ? plain(descriptor.value, depth + 1, seen, budget) : "[getter]";
    if (isArray) {
      (out as unknown[])[Number(key)] = read === undefined ? null : read;
    } else if (read !== undefined) {
      Object.defineProperty(out, key, { value: read, enumerable: true, writable: true, configurable: true });
    }
  }
  seen.delete(object);
  return out;
}
