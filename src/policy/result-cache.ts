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
  /** The stable JSON of the tool and its normalised arguments (`stableStringify({ tool, args })`). */
  readonly call: string;
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

interface Kept {
  readonly result: ToolResult;
  readonly until: number;
  readonly scope: string;
  readonly toolName: string;
}

/** An agent's result cache in its own memory: answers at once, at most {@link MAX_CACHED_RESULTS} results. */
export class MemoryResultCache implements ResultCache {
  readonly #kept = new Map<string, Kept>();

  /** Keeps at most `max` results; `now` is the clock expiry is read by (ms since the epoch), `Date.now` by default. */
  constructor(
    readonly max: number = MAX_CACHED_RESULTS,
    readonly now: () => number = Date.now,
  ) {}

  get(key: CacheKey): ToolResult | undefined {
    const id = keyText(key);
    const kept = this.#kept.get(id);
    if (kept === undefined) return undefined;
    if (kept.until > this.now()) return kept.result;
    this.#kept.delete(id);
    return undefined;
  }

  set(key: CacheKey, result: ToolResult, ttlMs: number): void {
    const id = keyText(key);
    const kept = this.#kept;
    kept.delete(id);
    if (kept.size >= this.max) kept.delete(kept.keys().next().value!);
    kept.set(id, { result, until: this.now() + ttlMs, scope: key.scope, toolName: key.toolName });
  }

  clear(scope: string, toolNames: readonly string[]): void {
    for (const [id, kept] of this.#kept) {
      if (kept.scope === scope && toolNames.includes(kept.toolName)) this.#kept.delete(id);
    }
  }
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

// Calls longer than this are kept under their SHA-256 instead of their text, so a cache of large arguments stays small.
const MAX_KEPT_CALL_TEXT = 512;

// The key of a memory entry: the call's text itself (no hash to make on a hit) or, for a long one, its SHA-256 (hex,
// which no call's text, a JSON object, can be). A scope or a session other than an agent's default goes before it,
// length-prefixed (so no pair reads as another) and led by a digit and a colon (so no call's text or hash reads as
// it); the call's text names the tool.
function keyText(key: CacheKey): string {
  const { scope, session, call } = key;
  const text = call.length <= MAX_KEPT_CALL_TEXT ? call : sha256Hex(call);
  if (scope === "" && session === undefined) return text;
  const per = session === undefined ? "a" : session === null ? "n" : `s${session.length}:${session}`;
  return `${scope.length}:${scope}${per}\u0000${text}`;
}

// The tool's name and the SHA-256 hex of the call (of the call's hash and the session, for `per: "session"`): no id of
// one tool can be another's, and every process names a call's record alike.
function recordId(key: CacheKey): string {
  const hash = sha256Hex(key.call);
  const { session } = key;
  return `${key.toolName}:${session === undefined ? hash : hashArguments({ call: hash, session })}`;
}
