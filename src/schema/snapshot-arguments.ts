import type { ArgumentIssue } from "../errors/errors.js";
import { describeThrown } from "../errors/describe-thrown.js";
import { setOwn } from "./json.js";

/** The deepest nesting arguments may have; deeper values (and cycles) are a model or caller mistake. */
export const MAX_ARGUMENT_DEPTH = 256;

/** Why arguments cannot be taken: the issue that stops them. A class, so a snapshot is told from data by `instanceof`. */
export class SnapshotFailure {
  constructor(readonly issue: ArgumentIssue) {}
}

// Thrown inside the walk to leave it at once; turned into an issue at the top.
class SnapshotIssue extends Error {
  readonly issue: ArgumentIssue;
  constructor(path: string, keyword: string, message: string) {
    super(message);
    this.issue = { path, keyword, message };
  }
}

// One walker serves every snapshot, so a call allocates no walker and no path lists. A getter or Proxy trap read
// during a walk may itself call a tool (and so snapshot again): that inner snapshot gets a walker of its own.
const shared: Walker = { copy: true, keys: [], parents: [] };
let sharedBusy = false;

/**
 * Checks that arguments are data a handler can be trusted with: no number that is not finite (`1e400` parses to
 * `Infinity`), no nesting deeper than {@link MAX_ARGUMENT_DEPTH}, no cycle, no hole in an array. With `copy` it also
 * returns a copy made of plain objects and arrays, each property read once: a caller's object may be a Proxy or carry
 * getters, and may be changed after the call starts, so what is validated and what the handler receives must be one
 * value that nobody else holds. Text the dispatcher parsed itself needs no copy (`copy: false`). Returns the value
 * (or its copy), or a {@link SnapshotFailure}: no wrapper object on the way that succeeds.
 */
export function snapshotArguments(value: unknown, copy: boolean): unknown {
  // The keys and objects from the root to the current node; the path is only spelled out for an issue, since building
  // it for every node would cost more than the rest of the walk.
  const own = sharedBusy;
  const walker: Walker = own ? { copy, keys: [], parents: [] } : shared;
  walker.copy = copy;
  sharedBusy = true;
  try {
    return walk(walker, value);
  } catch (error) {
    if (error instanceof SnapshotIssue) return new SnapshotFailure(error.issue);
    // A Proxy trap or getter that threw: the arguments cannot be read, so they cannot be validated.
    const message = `could not be read (${describeThrown(error)})`;
    return new SnapshotFailure({ path: pointer(walker.keys), keyword: "type", message });
  } finally {
    if (!own) {
      // A walk that returns leaves both lists empty (every push has its pop); only one that threw needs them cleared.
      if (shared.parents.length !== 0) shared.parents.length = 0;
      if (shared.keys.length !== 0) shared.keys.length = 0;
      sharedBusy = false;
    }
  }
}

interface Walker {
  copy: boolean;
  readonly keys: (string | number)[];
  readonly parents: object[];
}

function fail(walker: Walker, keyword: string, message: string): never {
  throw new SnapshotIssue(pointer(walker.keys), keyword, message);
}

function walk(walker: Walker, value: unknown): unknown {
  if (typeof value === "number") {
    if (!Number.isFinite(value)) fail(walker, "type", `must be a finite number; got ${String(value)}`);
    return value;
  }
  if (typeof value !== "object" || value === null) return value;
  const { parents } = walker;
  if (parents.length >= MAX_ARGUMENT_DEPTH) fail(walker, "depth", `is nested deeper than ${MAX_ARGUMENT_DEPTH} levels`);
  // A linear search: the chain is at most MAX_ARGUMENT_DEPTH long, and usually two or three.
  if (parents.includes(value)) fail(walker, "cycle", "contains itself (a cycle); send plain JSON data");
  parents.push(value);
  const result = Array.isArray(value)
    ? walkArray(walker, value)
    : walker.copy
      ? copyObject(walker, value as Record<string, unknown>)
      : walkObject(walker, value as Record<string, unknown>);
  parents.pop();
  return result;
}

/**
 * Walks (and with `copy`, copies) an array. Strings, booleans, null and finite numbers are taken as they are, in the
 * loop itself: a walk call and a path step per element made an array of 1,000 numbers cost 30x ajv (issue #19). The
 * path is only pushed for an element that is walked further or that fails, which is where an issue needs it. Each
 * element is read once; only one that reads as `undefined` is asked whether it is there at all (a hole), which keeps
 * a property check off every other element.
 */
function walkArray(walker: Walker, value: readonly unknown[]): unknown {
  const length = value.length;
  const out: unknown[] | undefined = walker.copy ? new Array<unknown>(length) : undefined;
  for (let i = 0; i < length; i++) {
    let item = value[i];
    if (typeof item === "number") {
      // `item - item` is 0 for every finite number and NaN for the rest: one subtraction, no call.
      if (item - item !== 0) item = walkItem(walker, i, item);
    } else if (typeof item === "object") {
      if (item !== null) item = walkItem(walker, i, item);
    } else if (item === undefined && !(i in value)) {
      // A hole has no JSON form; stopping at the first one also bounds the work on `arr.length = 1e9`.
      walker.keys.push(i);
      fail(walker, "type", "is a hole in the array; send every element");
    }
    if (out) out[i] = item;
  }
  return out ?? value;
}

function walkItem(walker: Walker, index: number, item: unknown): unknown {
  walker.keys.push(index);
  const walked = walk(walker, item);
  walker.keys.pop();
  return walked;
}

function walkObject(walker: Walker, value: Record<string, unknown>): unknown {
  const out: Record<string, unknown> | undefined = walker.copy ? {} : undefined;
  for (const key of Object.keys(value)) {
    walker.keys.push(key);
    const item = walk(walker, value[key]);
    walker.keys.pop();
    if (!out) continue;
    setOwn(out, key, item);
  }
  return out ?? value;
}

/**
 * Copies an object with one spread, which reads each own enumerable property once (through getters and Proxy traps
 * alike) and keeps a `__proto__` key an own data key, then walks only the values that need it: objects, and numbers
 * that are not finite. Most arguments are flat, and a spread is several times cheaper than a copy key by key. A read
 * that throws goes the key-by-key way, which can say where. Symbol-keyed properties, which no JSON carries and no
 * validator reads, are copied as they are.
 */
function copyObject(walker: Walker, value: Record<string, unknown>): Record<string, unknown> {
  let out: Record<string, unknown>;
  try {
    out = { ...value };
  } catch {
    return walkObject(walker, value) as Record<string, unknown>;
  }
  for (const key in out) {
    if (!Object.hasOwn(out, key)) continue;
    const item = out[key];
    if (typeof item === "object" ? item === null : typeof item !== "number" || Number.isFinite(item)) continue;
    walker.keys.push(key);
    const walked = walk(walker, item);
    walker.keys.pop();
    if (walked !== item) setOwn(out, key, walked);
  }
  return out;
}

function pointer(keys: readonly (string | number)[]): string {
  let path = "";
  for (const key of keys) path += `/${String(key).replace(/~/g, "~0").replace(/\//g, "~1")}`;
  return path;
}
