import type { ArgumentIssue } from "../errors/errors.js";
import { describeThrown } from "../errors/describe-thrown.js";
import { setOwn } from "./json.js";
import { IDLE, type NodePlan } from "./normalize-arguments.js";

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
const shared: Walker = { copy: true, inherited: false, nulls: false, deferred: false, keys: [], parents: [] };
let sharedBusy = false;
let lastHeldNull = false;
let lastDeferred = false;

/**
 * Whether the last snapshot left arrays of numbers unlooked-at (see {@link snapshotArguments}): their elements are
 * then checked only by the argument validator.
 */
export function snapshotDeferred(): boolean {
  return lastDeferred;
}

/**
 * Whether the value the last snapshot returned holds a null anywhere (one the normalisation left in): read right
 * after {@link snapshotArguments}, so a rejected call asks the value only when the walk met one.
 */
export function snapshotHeldNull(): boolean {
  return lastHeldNull;
}

/**
 * Checks that arguments are data a handler can be trusted with: no number that is not finite (`1e400` parses to
 * `Infinity`), no nesting deeper than {@link MAX_ARGUMENT_DEPTH}, no cycle, no hole in an array. With `copy` it also
 * returns a copy made of plain objects and arrays, each property read once: a caller's object may be a Proxy or carry
 * getters, and may be changed after the call starts, so what is validated and what the handler receives must be one
 * value that nobody else holds. Text the dispatcher parsed itself needs no copy (`copy: false`): that value must be
 * one nobody else holds.
 *
 * With `plan` (the normaliser's plan of the tool's schema, see planOf) it normalises on the same walk, in the copy or,
 * without `copy`, in place: an optional field sent as null whose schema rejects null is left out, a missing field
 * with a default gets a copy of it. One walk instead of a copy and then a normaliser's walk (issue #19). Returns the
 * value (or its copy), or a {@link SnapshotFailure}: no wrapper object on the way that succeeds.
 */
export function snapshotArguments(value: unknown, copy: boolean, plan: NodePlan = IDLE): unknown {
  // Most arguments are one flat object of strings, numbers and booleans: one spread and one look at each value, with
  // no walker (the walk's set-up was a fifth of a plain call's time, issue #19). Anything else is walked.
  return flatSnapshot(value, copy, plan) ?? walkSnapshot(value, copy, plan, undefined);
}

// The walk of a snapshot; `taken` is the top level's copy when the flat look already made it (see flatSnapshot).
function walkSnapshot(
  value: unknown,
  copy: boolean,
  plan: NodePlan,
  taken: Record<string, unknown> | undefined,
): unknown {
  const own = sharedBusy;
  const walker: Walker = own
    ? { copy, inherited: false, nulls: false, deferred: false, keys: [], parents: [] }
    : shared;
  walker.copy = copy;
  walker.nulls = false;
  walker.deferred = false;
  walker.inherited = enumerableInherited();
  sharedBusy = true;
  try {
    const result = taken === undefined ? walk(walker, value, plan) : walkTaken(walker, value as object, taken, plan);
    // After the walk: a getter that snapshots (calls a tool) has set it for its own value by now.
    lastHeldNull = walker.nulls || value === null;
    lastDeferred = walker.deferred;
    return result;
  } catch (error) {
    lastDeferred = walker.deferred;
    if (error instanceof SnapshotIssue) return new SnapshotFailure(error.issue);
    // A revoked Proxy that Array.isArray threw on, before the walk went into it.
    return new SnapshotFailure(unreadable(walker, walker.parents.length, error).issue);
  } finally {
    if (!own) {
      // A walk that returns leaves the parents empty (every push has its pop); only one that threw needs them
      // cleared. The keys are overwritten by depth and only read up to the parents' count.
      if (shared.parents.length !== 0) {
        shared.parents.length = 0;
        shared.keys.length = 0;
      }
      sharedBusy = false;
    }
  }
}

/**
 * The snapshot of a flat object (no value in it is an object, and every number is finite) whose top level needs no
 * default filled in; the walk's answer (never undefined) for any other object; undefined for what is not an object or
 * cannot be spread, which the walk takes from the start. A caller's object read by the spread is never read again:
 * what is not flat is walked from the copy, whose values below are still to be copied. A spread that throws is left
 * to the walk, which says where the read failed.
 */
function flatSnapshot(value: unknown, copy: boolean, plan: NodePlan): unknown {
  // A polluted Object.prototype puts its keys in every `for...in`: the walk skips them, without reading them.
  if (typeof value !== "object" || value === null || enumerableInherited()) return undefined;
  let taken: Record<string, unknown>;
  try {
    // Before the spread: a revoked Proxy throws here, and the walk then names it.
    if (Array.isArray(value)) return undefined;
    taken = copy ? { ...(value as Record<string, unknown>) } : (value as Record<string, unknown>);
  } catch {
    return undefined;
  }
  for (const key in taken) {
    const item = taken[key];
    // `item - item` is 0 for every finite number and NaN for the rest. A null may mean "absent": the walk decides.
    if (typeof item === "object" || (typeof item === "number" && item - item !== 0)) {
      return walkSnapshot(value, copy, plan, taken);
    }
  }
  if (plan.defaults.length !== 0) return walkSnapshot(value, copy, plan, taken);
  lastHeldNull = false;
  lastDeferred = false;
  return taken;
}

/**
 * The objects from the root to the current node, and the key of each one's child being walked (`keys[i]` is the key
 * of `parents[i]` being read): the path is only spelled out for an issue, since building it for every node would cost
 * more than the rest of the walk. A key is stored at its depth, not pushed and popped.
 */
interface Walker {
  copy: boolean;
  /** Object.prototype has enumerable properties (someone polluted it), so a `for...in` must skip them. */
  inherited: boolean;
  /** The walk met a null it left in the value. */
  nulls: boolean;
  /** The walk left an array of numbers to the validator (see NodePlan.numbersOnly). */
  deferred: boolean;
  readonly keys: (string | number)[];
  readonly parents: object[];
}

// Never given a key: a `for...in` over it meets only what Object.prototype has enumerable.
const BARE = {};

/**
 * Whether Object.prototype has enumerable properties (someone polluted it): only then does a `for...in` over an object
 * of Object.prototype meet a key that is not its own. Every object the walk enumerates is a spread copy or
 * JSON.parse's, so it is asked once a snapshot instead of an own-key check per key.
 */
export function enumerableInherited(): boolean {
  for (const _ in BARE) return true;
  return false;
}

function fail(walker: Walker, keyword: string, message: string): never {
  throw new SnapshotIssue(pathOf(walker, walker.parents.length), keyword, message);
}

// A Proxy trap or getter that threw: the arguments cannot be read, so they cannot be validated. `length` says how
// many keys of the path lead to what was being read.
function unreadable(walker: Walker, length: number, error: unknown): SnapshotIssue {
  return new SnapshotIssue(pathOf(walker, length), "type", `could not be read (${describeThrown(error)})`);
}

function walk(walker: Walker, value: unknown, plan: NodePlan): unknown {
  if (typeof value === "number") {
    if (!Number.isFinite(value)) fail(walker, "type", `must be a finite number; got ${String(value)}`);
    return value;
  }
  if (typeof value !== "object" || value === null) return value;
  const { parents } = walker;
  if (parents.length >= MAX_ARGUMENT_DEPTH) fail(walker, "depth", `is nested deeper than ${MAX_ARGUMENT_DEPTH} levels`);
  // A linear search: the chain is at most MAX_ARGUMENT_DEPTH long, and usually two or three.
  if (parents.includes(value)) fail(walker, "cycle", "contains itself (a cycle); send plain JSON data");
  // Before the push: a revoked Proxy throws here, and the path then names it.
  const isArray = Array.isArray(value);
  parents.push(value);
  const result = isArray
    ? takeArray(walker, value, plan)
    : walkObject(
        walker,
        walker.copy ? copyObject(walker, value as Record<string, unknown>) : (value as Record<string, unknown>),
        plan,
      );
  parents.pop();
  return result;
}

// The top level of a snapshot whose copy the flat look made: walked as `walk` would, in that copy. The caller's own
// object heads the chain, so a value below that is the caller's object again is a cycle here too.
function walkTaken(walker: Walker, value: object, taken: Record<string, unknown>, plan: NodePlan): unknown {
  walker.parents.push(value);
  const result = walkObject(walker, taken, plan);
  walker.parents.pop();
  return result;
}

// An array whose schema says its elements are numbers is copied but not looked into: the argument validator reads
// every element anyway, and refuses a hole, a non-number and (with `strictNumbers`) a number that is not finite. The
// look was the largest cost of a long array (issue #19).
function takeArray(walker: Walker, value: unknown[], plan: NodePlan): unknown[] {
  const items = walker.copy ? copyArray(walker, value) : value;
  // A long one is looked into all the same: a sparse array (`arr.length = 1e9`) would have the validator visit, and
  // report, every missing element, where the look stops at the first.
  if (!plan.numbersOnly || items.length > MAX_LEFT_TO_VALIDATOR) return walkArray(walker, items, plan.itemPlan);
  walker.deferred = true;
  return items;
}

/** The longest array of numbers the snapshot leaves to the validator without looking into it. */
const MAX_LEFT_TO_VALIDATOR = 16_384;

// The receiver of every array copy: concat never changes it.
const NO_ITEMS: unknown[] = [];

/**
 * Copies an array with `concat`, which reads each element once (through getters and Proxy traps alike), keeps holes
 * as holes, always makes a plain array (its species is that of the receiver, ours) and copies a packed array in one
 * block: an element-by-element copy made an array of 1,000 numbers cost 6-9x ajv (issue #19). `slice` would ask the
 * caller's array for its species, and walks every index of a sparse one (`arr.length = 1e9` took 25 s), where
 * concat visits only the elements there are. An array that reads as not spreadable (or whose read throws) is taken
 * element by element instead.
 */
function copyArray(walker: Walker, value: readonly unknown[]): unknown[] {
  let out: unknown[];
  try {
    out = NO_ITEMS.concat(value);
  } catch {
    return readEachItem(walker, value);
  }
  // Not spread: concat put the array itself in the copy.
  return out.length === 1 && out[0] === value ? readEachItem(walker, value) : out;
}

function readEachItem(walker: Walker, value: readonly unknown[]): unknown[] {
  const depth = walker.parents.length - 1;
  let length: number;
  try {
    length = value.length;
  } catch (error) {
    throw unreadable(walker, depth, error);
  }
  const out = new Array<unknown>(length);
  for (let i = 0; i < length; i++) {
    walker.keys[depth] = i;
    let item: unknown;
    try {
      item = value[i];
    } catch (error) {
      throw unreadable(walker, depth + 1, error);
    }
    // A hole has no JSON form; stopping at the first one also bounds the work on `arr.length = 1e9`.
    if (item === undefined && !(i in value)) fail(walker, "type", "is a hole in the array; send every element");
    out[i] = item;
  }
  return out;
}

/**
 * Walks an array that is ours (a copy, or parsed): strings, booleans, null and finite numbers are taken as they are,
 * in the loop itself, so a walk call and a path step are spent only on an element that is walked further or that
 * fails. Only an element that reads as `undefined` is asked whether it is there at all (a hole).
 */
function walkArray(walker: Walker, value: unknown[], itemPlan: NodePlan): unknown[] {
  const depth = walker.parents.length - 1;
  for (let i = nextToLook(value, 0); i !== -1; i = nextToLook(value, i + 1)) {
    const item = value[i];
    if (item === null) {
      walker.nulls = true;
      continue;
    }
    walker.keys[depth] = i;
    if (item === undefined) {
      if (i in value) continue;
      fail(walker, "type", "is a hole in the array; send every element");
    }
    const walked = walk(walker, item, itemPlan);
    if (walked !== item) value[i] = walked;
  }
  return value;
}

/**
 * The index of the first element from `from` on that is not a string, boolean or finite number, or -1: a loop of its
 * own, small enough to stay tight, since it is where a long array of primitives spends its time.
 */
function nextToLook(items: readonly unknown[], from: number): number {
  const length = items.length;
  for (let i = from; i < length; i++) {
    const item = items[i];
    // `item - item` is 0 for every finite number and NaN for the rest: one subtraction, no call.
    if (typeof item === "number" ? item - item !== 0 : typeof item === "object" || item === undefined) return i;
  }
  return -1;
}

/**
 * Copies an object with one spread, which reads each own enumerable property once (through getters and Proxy traps
 * alike) and keeps a `__proto__` key an own data key. Most arguments are flat, and a spread is several times cheaper
 * than a copy key by key. A read that throws goes the key-by-key way, which can say where. Symbol-keyed properties,
 * which no JSON carries and no validator reads, are copied as they are.
 */
function copyObject(walker: Walker, value: Record<string, unknown>): Record<string, unknown> {
  try {
    return { ...value };
  } catch {
    const depth = walker.parents.length - 1;
    const out: Record<string, unknown> = {};
    let names: string[];
    try {
      names = Object.keys(value);
    } catch (error) {
      throw unreadable(walker, depth, error);
    }
    for (const key of names) {
      walker.keys[depth] = key;
      try {
        setOwn(out, key, value[key]);
      } catch (error) {
        throw unreadable(walker, depth + 1, error);
      }
    }
    return out;
  }
}

/**
 * Walks an object that is ours (a copy, or parsed), only into the values that need it (objects, and numbers that are
 * not finite), and normalises it as `plan` says: a null that means "absent" is deleted, a missing default filled in.
 */
function walkObject(walker: Walker, value: Record<string, unknown>, plan: NodePlan): Record<string, unknown> {
  const { fields, nullMeansAbsent } = plan;
  const planned = fields.size !== 0;
  const drops = nullMeansAbsent.size !== 0;
  const { keys, inherited } = walker;
  const depth = walker.parents.length - 1;
  for (const key in value) {
    if (inherited && !Object.hasOwn(value, key)) continue;
    const item = value[key];
    if (typeof item === "object") {
      if (item === null) {
        if (drops && nullMeansAbsent.has(key)) delete value[key];
        else walker.nulls = true;
        continue;
      }
    } else if (typeof item !== "number" || item - item === 0) {
      continue;
    }
    keys[depth] = key;
    const walked = walk(walker, item, planned ? (fields.get(key) ?? IDLE) : IDLE);
    // Assigned here rather than through setOwn, which this hot loop would pay a call for: only "__proto__" needs it.
    if (walked !== item) {
      if (key === "__proto__") setOwn(value, key, walked);
      else value[key] = walked;
    }
  }
  const defaults = plan.defaults;
  for (let i = 0; i < defaults.length; i++) {
    const [key, fallback] = defaults[i]!;
    // An own-key check: a missing "constructor" or "toString" reads as what every object inherits, not undefined.
    if (!Object.hasOwn(value, key) || value[key] === undefined) {
      setOwn(value, key, structuredClone(fallback));
      // Not walked: it may hold a null, which a rejected call's second look (see checkNormalized) must not miss.
      walker.nulls = true;
    }
  }
  return value;
}

// The JSON Pointer made of the first `length` keys of the walk.
function pathOf(walker: Walker, length: number): string {
  const { keys } = walker;
  let path = "";
  for (let i = 0; i < length; i++) path += `/${String(keys[i]).replace(/~/g, "~0").replace(/\//g, "~1")}`;
  return path;
}
