import { sha256Hex } from "../runtime/sha256.js";
import type { RuntimeStore } from "../state/port/runtime-store.js";
import { hashArguments, stableStringify } from "../state/stable-hash.js";
import { isCanonical } from "../schema/stable-stringify.js";
import { enumerableInherited } from "../schema/snapshot-arguments.js";
import type { ToolResult } from "../tool/tool-result.js";
import { frozenCopy } from "./frozen-copy.js";

/** A value now, or a promise of it: the memory cache answers at once, a store later. */
type Maybe<T> = T | Promise<T>;

/** Where a cached result is kept: the agent's store scope (and the session, for `per: "session"`), tool, arguments. */
export interface CacheKey {
  readonly scope: string;
  readonly toolName: string;
  /** The call's normalised arguments (validated: plain JSON values). */
  readonly args: Readonly<Record<string, unknown>>;
  /** For `per: "session"`: the call's session, null for a call without one; absent for a cache per agent. */
  readonly session?: string | null;
}

/** Keeps successful results of `cache` tools for their `ttlMs` (see `ResultCacheOptions`). */
export interface ResultCache {
  /**
   * The result kept under `key` (with `cached: true`), or undefined when there is none (never kept, expired or
   * cleared). The caller copies it before handing it out: it is the cache's own.
   */
  get(key: CacheKey): Maybe<ToolResult | undefined>;
  /** Keeps a copy of `result`, marked `cached: true`, under `key` for `ttlMs`: nothing done to `result` later reaches it. */
  set(key: CacheKey, result: ToolResult, ttlMs: number): Maybe<void>;
  /** Drops every result of the named tools in `scope` (a successful call of a tool in their `invalidatedBy`). */
  clear(scope: string, toolNames: readonly string[]): Maybe<void>;
}

/** The most results a memory cache keeps per agent; the oldest kept goes first. */
export const MAX_CACHED_RESULTS = 1_000;

// One kept result, and where it is filed: the maps on its way from its tool's root, each with the key taken from it,
// so the oldest can be dropped, and the maps it leaves empty with it, without a search.
interface Kept {
  readonly result: ToolResult;
  readonly until: number;
  readonly path: readonly Step[];
}

// A map on a kept result's way, and the key taken from it.
type Step = readonly [Map<unknown, unknown>, unknown];

// One tool's results in one scope and session. Flat arguments of plain values are kept in trees of maps: those with
// the tool's usual keys (`names`: the sorted keys of the first flat arguments kept, as a tool's calls usually send the
// same keys) in `values`, by each value in the order of `names`, the last value's map holding the result (every path
// there is as long as `names`; under END when it is empty); any other flat ones in `tree`, a key then its value at
// each level and END after the last (no text made to find them); any other arguments by their stable JSON in `texts`.
interface ToolResults {
  names: readonly string[] | undefined;
  readonly values: Map<unknown, unknown>;
  readonly tree: Map<unknown, unknown>;
  readonly texts: Map<unknown, unknown>;
}

// Results by session (undefined for a cache per agent, null for a call without a session), then tool.
type BySession = Map<string | null | undefined, Map<string, ToolResults>>;

// The key after a tree path's last argument value, and of the result of no arguments in `values`: a symbol, which no
// argument's name or plain value is.
const END = Symbol("end of arguments");

/**
 * An agent's result cache in its own memory: answers at once, at most {@link MAX_CACHED_RESULTS} results. Filed by
 * scope, session and tool in maps of their own, then, for arguments whose values are all strings, numbers, booleans
 * or null (keys in order, as validated arguments usually are), by each key and value in turn: a hit looks up values
 * it already has, and writes, joins or hashes no text (the key text made per call was most of a hit's cost, issue
 * 38). Other arguments are filed by their stable JSON. Two values are the same key exactly when their JSON is.
 */
export class MemoryResultCache implements ResultCache {
  readonly #scopes = new Map<string, BySession>();
  // Every kept result, oldest first: the one dropped when the cache is full.
  readonly #order = new Set<Kept>();
  // The tool results the last look-up found, and under what: an agent's calls use one scope (its own) and, for a cache
  // per agent, one session key, so a hit of the same tool as the last compares three values instead of reading three
  // maps. Once made, a tool's results are only ever dropped by `clear`, which forgets this.
  #lastScope: string | undefined = undefined;
  #lastSession: string | null | undefined = undefined;
  #lastTool: string | undefined = undefined;
  #lastResults: ToolResults | undefined = undefined;

  /** Keeps at most `max` results; `now` is the clock expiry is read by (ms since the epoch), `Date.now` by default. */
  constructor(
    readonly max: number = MAX_CACHED_RESULTS,
    readonly now: () => number = Date.now,
  ) {}

  get(key: CacheKey): ToolResult | undefined {
    const results =
      key.toolName === this.#lastTool && key.scope === this.#lastScope && key.session === this.#lastSession
        ? this.#lastResults
        : this.#results(key);
    if (results === undefined) return undefined;
    const kept = lookUp(results, key.args);
    if (kept === undefined) return undefined;
    if (kept.until > this.now()) return kept.result;
    this.#drop(kept);
    return undefined;
  }

  // The results of the key's tool, scope and session, remembered as the last found.
  #results(key: CacheKey): ToolResults | undefined {
    const results = this.#scopes.get(key.scope)?.get(key.session)?.get(key.toolName);
    if (results !== undefined) {
      this.#lastScope = key.scope;
      this.#lastSession = key.session;
      this.#lastTool = key.toolName;
      this.#lastResults = results;
    }
    return results;
  }

  set(key: CacheKey, result: ToolResult, ttlMs: number): void {
    let sessions = this.#scopes.get(key.scope);
    if (sessions === undefined) this.#scopes.set(key.scope, (sessions = new Map()));
    let tools = sessions.get(key.session);
    if (tools === undefined) sessions.set(key.session, (tools = new Map()));
    let results = tools.get(key.toolName);
    if (results === undefined) {
      tools.set(key.toolName, (results = { names: undefined, values: new Map(), tree: new Map(), texts: new Map() }));
    }
    const { args } = key;
    const path: Step[] = [];
    const flat = flatness(args);
    if (flat !== NOT_FLAT) {
      const names = flat === IN_ORDER ? Object.keys(args) : Object.keys(args).sort();
      results.names ??= names;
      let map: Map<unknown, unknown>;
      if (sameNames(names, results.names)) {
        map = results.values;
        const last = names.length - 1;
        for (let i = 0; i < last; i++) map = below(path, map, args[names[i]!]);
        path.push([map, last < 0 ? END : args[names[last]!]]);
      } else {
        map = results.tree;
        for (const name of names) map = below(path, below(path, map, name), args[name]);
        path.push([map, END]);
      }
    } else {
      path.push([results.texts, textKey(args)]);
    }
    const [leaf, id] = path[path.length - 1]!;
    const earlier = leaf.get(id) as Kept | undefined;
    if (earlier !== undefined) this.#order.delete(earlier);
    if (this.#order.size >= this.max) this.#drop(this.#order.values().next().value!);
    const kept: Kept = { result: keptCopy(result), until: this.now() + ttlMs, path };
    leaf.set(id, kept);
    this.#order.add(kept);
  }

  clear(scope: string, toolNames: readonly string[]): void {
    this.#lastTool = undefined;
    this.#lastResults = undefined;
    const sessions = this.#scopes.get(scope);
    if (sessions === undefined) return;
    for (const tools of sessions.values()) {
      for (const name of toolNames) {
        const results = tools.get(name);
        if (results === undefined) continue;
        tools.delete(name);
        // Gone with the tool's maps: only the order still holds them.
        for (const kept of this.#order) {
          const root = kept.path[0]![0];
          if (root === results.values || root === results.tree || root === results.texts) this.#order.delete(kept);
        }
      }
    }
  }

  // Drops a kept result, and the maps of its path it leaves empty (a tool's two roots stay).
  #drop(kept: Kept): void {
    this.#order.delete(kept);
    const { path } = kept;
    for (let i = path.length - 1; i >= 0; i--) {
      const [map, id] = path[i]!;
      map.delete(id);
      if (i === 0 || map.size > 0) return;
    }
  }
}

// What a memory cache keeps of a result: its fields' values as frozen copies (every hit shares them), `cached: true`.
// The result itself stays unfrozen (each hit copies it with its own call id, and V8 copies a frozen object many
// times slower). A success as a handler's value makes it (successResult's five fields, in their order) is kept as one
// literal of six: every field sits in the object itself, so each hit's copy is one allocation instead of an object
// and a property array (an empty object made by Object.assign holds four fields in itself). Any other result is copied
// by Object.assign, as a spread that adds a field takes V8's slow path.
function keptCopy(result: ToolResult): ToolResult {
  const fields = result as unknown as Record<string, unknown>;
  if (isPlainSuccess(fields)) {
    const { ok, outcome, toolName, callId, content } = fields;
    return { ok, outcome, toolName, callId, content: frozenCopy(content), cached: true } as unknown as ToolResult;
  }
  const kept = Object.assign({}, fields);
  for (const key of Object.keys(kept)) {
    const value = kept[key];
    if (typeof value === "object" && value !== null) kept[key] = frozenCopy(value);
  }
  kept.cached = true;
  return kept as unknown as ToolResult;
}

const PLAIN_SUCCESS = ["ok", "outcome", "toolName", "callId", "content"] as const;

// Whether a result has exactly successResult's fields, in its order.
function isPlainSuccess(fields: Record<string, unknown>): boolean {
  const keys = Object.keys(fields);
  if (keys.length !== PLAIN_SUCCESS.length) return false;
  for (let i = 0; i < keys.length; i++) if (keys[i] !== PLAIN_SUCCESS[i]) return false;
  return true;
}

// The map under `id` in `map`, made when there is none yet; the step is noted on the path.
function below(path: Step[], map: Map<unknown, unknown>, id: unknown): Map<unknown, unknown> {
  path.push([map, id]);
  let next = map.get(id) as Map<unknown, unknown> | undefined;
  if (next === undefined) map.set(id, (next = new Map()));
  return next;
}

// Whether two lists of argument names are the same names in the same order.
function sameNames(names: readonly string[], usual: readonly string[]): boolean {
  if (names.length !== usual.length) return false;
  for (let i = 0; i < names.length; i++) if (names[i] !== usual[i]) return false;
  return true;
}

// What flat arguments are kept under: by their values in `values` when their sorted keys are the tool's usual ones,
// else in `tree`, each key in sorted order (as the stable JSON writes them), then its value, then END.
function find(results: ToolResults, args: Readonly<Record<string, unknown>>, flat: Flatness): unknown {
  const names = flat === IN_ORDER ? Object.keys(args) : Object.keys(args).sort();
  if (results.names !== undefined && sameNames(names, results.names)) {
    let node: Map<unknown, unknown> | undefined = results.values;
    const last = names.length - 1;
    for (let i = 0; i < last && node !== undefined; i++) {
      node = node.get(args[names[i]!]) as Map<unknown, unknown> | undefined;
    }
    return node?.get(last < 0 ? END : args[names[last]!]);
  }
  let node: Map<unknown, unknown> | undefined = results.tree;
  for (let i = 0; i < names.length && node !== undefined; i++) {
    const name = names[i]!;
    node = (node.get(name) as Map<unknown, unknown> | undefined)?.get(args[name]) as Map<unknown, unknown> | undefined;
  }
  return node?.get(END);
}

// The kept result of `args`. The usual case, in one walk of their keys: plain own values under the tool's usual keys,
// in their order, each checked and looked up by value together. Any other arguments are looked up as `find` or
// `texts` files them.
function lookUp(results: ToolResults, args: Readonly<Record<string, unknown>>): Kept | undefined {
  const names = results.names;
  // With nothing enumerable on Object.prototype, every key a `for...in` meets on an object of it is its own: asked
  // once here instead of an own-key check per key.
  if (names !== undefined && Object.getPrototypeOf(args) === Object.prototype && !enumerableInherited()) {
    let node: Map<unknown, unknown> | undefined = results.values;
    // The value of the key before: the map it leads to is read once the next key is checked, the last one's is the
    // result. No keys: the result under END.
    let value: unknown = END;
    let i = 0;
    for (const name in args) {
      if (name !== names[i]) return lookUpOther(results, args);
      // A value found nowhere is a miss, once the rest of the keys say the arguments are the usual ones.
      if (i !== 0 && node !== undefined) node = node.get(value) as typeof node;
      value = args[name];
      if (!isPlainValue(value)) return lookUpOther(results, args);
      i++;
    }
    if (i === names.length) return node?.get(value) as Kept | undefined;
  }
  return lookUpOther(results, args);
}

function lookUpOther(results: ToolResults, args: Readonly<Record<string, unknown>>): Kept | undefined {
  const flat = flatness(args);
  return (flat === NOT_FLAT ? results.texts.get(textKey(args)) : find(results, args, flat)) as Kept | undefined;
}

// A string, a finite number, a boolean or null: a Map key exactly when its JSON text is.
function isPlainValue(value: unknown): boolean {
  const type = typeof value;
  if (type === "number") return Number.isFinite(value);
  return type === "string" || type === "boolean" || value === null;
}

const NOT_FLAT = 0;
const IN_ORDER = 1;
const OUT_OF_ORDER = 2;
type Flatness = typeof NOT_FLAT | typeof IN_ORDER | typeof OUT_OF_ORDER;

// Flat arguments are a plain object of own keys whose values are strings, finite numbers, booleans or null, filed by
// value (two such values are the same Map key exactly when their JSON text is the same); whether their keys are in
// ascending order already.
function flatness(args: Readonly<Record<string, unknown>>): Flatness {
  if (Object.getPrototypeOf(args) !== Object.prototype) return NOT_FLAT;
  let previous: string | undefined;
  let flat: Flatness = IN_ORDER;
  for (const name in args) {
    if (!Object.hasOwn(args, name)) return NOT_FLAT;
    if (previous !== undefined && name <= previous) flat = OUT_OF_ORDER;
    previous = name;
    if (!isPlainValue(args[name])) return NOT_FLAT;
  }
  return flat;
}

// Arguments longer than this are kept under their SHA-256 instead of their text, so a cache of large arguments stays
// small. The hash is hex, which no arguments' text (a JSON object) can be.
const MAX_KEPT_ARGUMENTS_TEXT = 512;

function textKey(args: Readonly<Record<string, unknown>>): string {
  const text = argumentsText(args);
  return text.length <= MAX_KEPT_ARGUMENTS_TEXT ? text : sha256Hex(text);
}

// The stable JSON of normalised arguments (keys sorted): what a store's record of them is named by, hashed.
function argumentsText(args: Readonly<Record<string, unknown>>): string {
  return isCanonical(args) ? JSON.stringify(args) : stableStringify(args);
}

/**
 * An agent's result cache on its store (`resultCache: "store"`): every process that uses the store and the same scope
 * shares the hits. Records are kind `"cache"`, expire with their `ttlMs` by the store's clock, and hold the result as
 * JSON; a record that does not read back as a result is a miss.
 */
export class StoreResultCache implements ResultCache {
  constructor(readonly store: RuntimeStore) {}

  async get(key: CacheKey): Promise<ToolResult | undefined> {
    const record = await this.store.get("cache", key.scope, recordId(key));
    const result = record?.result as ToolResult | undefined;
    // A record of another tool under the same id (never made by this code) is not this call's answer.
    if (record?.toolName !== key.toolName || typeof result !== "object" || result === null) return undefined;
    return result.ok === true && result.toolName === key.toolName ? result : undefined;
  }

  async set(key: CacheKey, result: ToolResult, ttlMs: number): Promise<void> {
    const id = recordId(key);
    // A record of the key already kept (by another process, say) is replaced: the newest result wins.
    await this.store.delete("cache", key.scope, id);
    // The store keeps its own copy of the record (a memory store copies it, others serialise it).
    const record = {
      id,
      scope: key.scope,
      status: "kept",
      toolName: key.toolName,
      result: { ...result, cached: true },
    };
    await this.store.create("cache", record, { ttlMs });
  }

  async clear(scope: string, toolNames: readonly string[]): Promise<void> {
    const records = await this.store.list("cache", scope);
    await Promise.all(
      records
        .filter((record) => toolNames.includes(String(record.toolName)))
        .map((record) => this.store.delete("cache", scope, record.id)),
    );
  }
}

// The tool's name and the SHA-256 hex of the call (of the call's hash and the session, for `per: "session"`): no id of
// one tool can be another's, and every process names a call's record alike.
function recordId(key: CacheKey): string {
  // The call's text as `stableStringify({ tool, args })` writes it ("args" sorts before "tool").
  const hash = sha256Hex(`{"args":${argumentsText(key.args)},"tool":${JSON.stringify(key.toolName)}}`);
  const { session } = key;
  return `${key.toolName}:${session === undefined ? hash : hashArguments({ call: hash, session })}`;
}
