import { sha256Hex } from "../runtime/sha256.js";
import type { RuntimeStore } from "../state/port/runtime-store.js";
import { hashArguments } from "../state/stable-hash.js";
import type { ToolResult } from "../tool/tool-result.js";

/** A value now, or a promise of it: the memory cache answers at once, a store later. */
type Maybe<T> = T | Promise<T>;

/** Where a cached result is kept: the agent's store scope (and the session, for `per: "session"`), tool, arguments. */
export interface CacheKey {
  readonly scope: string;
  readonly toolName: string;
  /** The stable JSON of the call's normalised arguments (`stableStringify(args)`). */
  readonly args: string;
  /** For `per: "session"`: the call's session, null for a call without one; absent for a cache per agent. */
  readonly session?: string | null;
}

/** Keeps successful results of `cache` tools for their `ttlMs` (see `ResultCacheOptions`). */
export interface ResultCache {
  /** The result kept under `key`, or undefined when there is none (never kept, expired or cleared). */
  get(key: CacheKey): Maybe<ToolResult | undefined>;
  /** Keeps `result` under `key` for `ttlMs`. */
  set(key: CacheKey, result: ToolResult, ttlMs: number): Maybe<void>;
  /** Drops every result of the named tools in `scope` (a successful call of a tool in their `invalidatedBy`). */
  clear(scope: string, toolNames: readonly string[]): Maybe<void>;
}

/** The most results a memory cache keeps per agent; the oldest kept goes first. */
export const MAX_CACHED_RESULTS = 1_000;

// One kept result, and where it is filed (so the oldest can be dropped from its tool's map without a search).
interface Kept {
  readonly result: ToolResult;
  readonly until: number;
  readonly calls: Map<string, Kept>;
  readonly id: string;
}

// Results by session (undefined for a cache per agent, null for a call without a session), then tool, then arguments.
type BySession = Map<string | null | undefined, Map<string, Map<string, Kept>>>;

/**
 * An agent's result cache in its own memory: answers at once, at most {@link MAX_CACHED_RESULTS} results. Filed by
 * scope, session and tool in maps of their own, then by the arguments' JSON text: a hit looks up strings it already
 * has, and builds, joins or hashes no key (a key made per call was most of a hit's cost, issue 38).
 */
export class MemoryResultCache implements ResultCache {
  readonly #scopes = new Map<string, BySession>();
  // Every kept result, oldest first: the one dropped when the cache is full.
  readonly #order = new Set<Kept>();

  /** Keeps at most `max` results; `now` is the clock expiry is read by (ms since the epoch), `Date.now` by default. */
  constructor(
    readonly max: number = MAX_CACHED_RESULTS,
    readonly now: () => number = Date.now,
  ) {}

  get(key: CacheKey): ToolResult | undefined {
    const kept = this.#scopes.get(key.scope)?.get(key.session)?.get(key.toolName)?.get(callId(key.args));
    if (kept === undefined) return undefined;
    if (kept.until > this.now()) return kept.result;
    this.#drop(kept);
    return undefined;
  }

  set(key: CacheKey, result: ToolResult, ttlMs: number): void {
    let sessions = this.#scopes.get(key.scope);
    if (sessions === undefined) this.#scopes.set(key.scope, (sessions = new Map()));
    let tools = sessions.get(key.session);
    if (tools === undefined) sessions.set(key.session, (tools = new Map()));
    let calls = tools.get(key.toolName);
    if (calls === undefined) tools.set(key.toolName, (calls = new Map()));
    const id = callId(key.args);
    const earlier = calls.get(id);
    if (earlier !== undefined) this.#drop(earlier);
    if (this.#order.size >= this.max) this.#drop(this.#order.values().next().value!);
    const kept: Kept = { result, until: this.now() + ttlMs, calls, id };
    calls.set(id, kept);
    this.#order.add(kept);
  }

  clear(scope: string, toolNames: readonly string[]): void {
    const sessions = this.#scopes.get(scope);
    if (sessions === undefined) return;
    for (const tools of sessions.values()) {
      for (const name of toolNames) {
        const calls = tools.get(name);
        if (calls === undefined) continue;
        for (const kept of calls.values()) this.#order.delete(kept);
        tools.delete(name);
      }
    }
  }

  // An emptied tool's map stays filed: the tool is called again (a few maps per cached tool, never per call).
  #drop(kept: Kept): void {
    kept.calls.delete(kept.id);
    this.#order.delete(kept);
  }
}

// Arguments longer than this are kept under their SHA-256 instead of their text, so a cache of large arguments stays
// small. The hash is hex, which no arguments' text (a JSON object) can be.
const MAX_KEPT_ARGUMENTS_TEXT = 512;

function callId(args: string): string {
  return args.length <= MAX_KEPT_ARGUMENTS_TEXT ? args : sha256Hex(args);
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
    const record = { id, scope: key.scope, status: "kept", toolName: key.toolName, result };
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
  const hash = sha256Hex(`{"args":${key.args},"tool":${JSON.stringify(key.toolName)}}`);
  const { session } = key;
  return `${key.toolName}:${session === undefined ? hash : hashArguments({ call: hash, session })}`;
}
