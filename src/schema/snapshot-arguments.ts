import type { ArgumentIssue } from "../errors/errors.js";
import { describeThrown } from "../errors/describe-thrown.js";

/** The deepest nesting arguments may have; deeper values (and cycles) are a model or caller mistake. */
export const MAX_ARGUMENT_DEPTH = 256;

/** Arguments as plain data of their own, or the issue that stops them. */
export type ArgumentSnapshot =
  { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly issue: ArgumentIssue };

// Thrown inside the walk to leave it at once; turned into an issue at the top.
class SnapshotIssue extends Error {
  readonly issue: ArgumentIssue;
  constructor(path: string, keyword: string, message: string) {
    super(message);
    this.issue = { path, keyword, message };
  }
}

/**
 * Checks that arguments are data a handler can be trusted with: no number that is not finite (`1e400` parses to
 * `Infinity`), no nesting deeper than {@link MAX_ARGUMENT_DEPTH}, no cycle, no hole in an array. With `copy` it also
 * returns a copy made of plain objects and arrays, each property read once: a caller's object may be a Proxy or carry
 * getters, and may be changed after the call starts, so what is validated and what the handler receives must be one
 * value that nobody else holds. Text the dispatcher parsed itself needs no copy (`copy: false`).
 */
export function snapshotArguments(value: unknown, copy: boolean): ArgumentSnapshot {
  try {
    return { ok: true, value: walk(value, "", 0, copy, copy ? new Set() : undefined) };
  } catch (error) {
    if (error instanceof SnapshotIssue) return { ok: false, issue: error.issue };
    // A Proxy trap or getter that threw: the arguments cannot be read, so they cannot be validated.
    return { ok: false, issue: { path: "", keyword: "type", message: `could not be read (${describeThrown(error)})` } };
  }
}

function walk(value: unknown, path: string, depth: number, copy: boolean, ancestors: Set<object> | undefined): unknown {
  if (typeof value === "number") {
    if (!Number.isFinite(value)) {
      throw new SnapshotIssue(path, "type", `must be a finite number; got ${String(value)}`);
    }
    return value;
  }
  if (typeof value !== "object" || value === null) return value;
  if (depth >= MAX_ARGUMENT_DEPTH) {
    throw new SnapshotIssue(path, "depth", `is nested deeper than ${MAX_ARGUMENT_DEPTH} levels`);
  }
  if (ancestors?.has(value)) throw new SnapshotIssue(path, "cycle", "contains itself (a cycle); send plain JSON data");
  ancestors?.add(value);
  const result = Array.isArray(value)
    ? walkArray(value, path, depth, copy, ancestors)
    : walkObject(value as Record<string, unknown>, path, depth, copy, ancestors);
  ancestors?.delete(value);
  return result;
}

function walkArray(
  value: readonly unknown[],
  path: string,
  depth: number,
  copy: boolean,
  ancestors: Set<object> | undefined,
): unknown {
  const length = value.length;
  const out: unknown[] | undefined = copy ? new Array<unknown>(length) : undefined;
  for (let i = 0; i < length; i++) {
    // A hole has no JSON form; stopping at the first one also bounds the work on `arr.length = 1e9`.
    if (!(i in value)) throw new SnapshotIssue(`${path}/${i}`, "type", "is a hole in the array; send every element");
    const item = walk(value[i], `${path}/${i}`, depth + 1, copy, ancestors);
    if (out) out[i] = item;
  }
  return out ?? value;
}

function walkObject(
  value: Record<string, unknown>,
  path: string,
  depth: number,
  copy: boolean,
  ancestors: Set<object> | undefined,
): unknown {
  const out: Record<string, unknown> | undefined = copy ? {} : undefined;
  for (const key of Object.keys(value)) {
    const item = walk(value[key], `${path}/${escapePointer(key)}`, depth + 1, copy, ancestors);
    if (!out) continue;
    // Defining "__proto__" keeps it an own data key; assigning it would set the copy's prototype.
    if (key === "__proto__")
      Object.defineProperty(out, key, { value: item, enumerable: true, writable: true, configurable: true });
    else out[key] = item;
  }
  return out ?? value;
}

function escapePointer(key: string): string {
  return key.replace(/~/g, "~0").replace(/\//g, "~1");
}
