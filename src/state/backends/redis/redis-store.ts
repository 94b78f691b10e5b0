import { createHash } from "node:crypto";
import { checkTransition } from "../../port/transitions.js";
import type { KeyedStore } from "../../port/keyed-store.js";
import type { RuntimeStore, StoreKind, StoredRecord, TransitionGuard, WriteOptions } from "../../port/runtime-store.js";
import { StoreRecordError, StoreUnavailableError } from "../../port/store-error.js";
import {
  type CappedCreate,
  DEFAULT_PAGE_SIZE,
  type ScopeCap,
  type ScopedStore,
  type StoreChangeListener,
  type StorePage,
  type UnlessFound,
} from "../../port/scope-limits.js";
import { homeScope } from "../../port/store-scope.js";
import { DELETE, LIST, TRANSITION } from "./scripts.js";
import { CREATE_CAPPED, FIND_BY_KEY, LIST_PAGE } from "./status-scripts.js";
import { type RedisSubscriberClient, RedisWatchers } from "./redis-watchers.js";
import { unrefTimer } from "../../../runtime/unref-timer.js";

/**
 * The one method the store needs of a Redis client: a node-redis client (`createClient()` from `redis`) has it.
 * Typed structurally, so the main entry and this one never import the client's types.
 */
export interface RedisCommandClient {
  /** `timeout: 0` asks for no time limit of the client's own: the store keeps `commandTimeoutMs` itself. */
  sendCommand(args: readonly string[], options?: { readonly timeout?: number }): Promise<unknown>;
  /**
   * Whether the client is open, as node-redis says (false once `quit`, `close` or `destroy` closed it; still true
   * while it reconnects): the agents' sweepers on a store whose client was closed stop. Optional.
   */
  readonly isOpen?: boolean;
}

// node-redis's own limit (on by default) is an AbortSignal.timeout per command, whose timer still fires, and makes
// a DOMException, long after the answer came: a plain timer the store clears on the answer costs a fraction of that.
const NO_CLIENT_TIMEOUT = { timeout: 0 } as const;

/** Options of {@link RedisStore}. */
export interface RedisStoreOptions {
  /** A connected client. */
  readonly client: RedisCommandClient;
  /** Starts every key, so several apps can share one Redis; `"toolwright"` by default. */
  readonly prefix?: string;
  /** How long a command may take before the store counts as unavailable, in ms; 2 000 by default. */
  readonly commandTimeoutMs?: number;
  /** Names the server in error messages, e.g. its URL (without the password); `"redis"` by default. */
  readonly label?: string;
  /**
   * A second connected client (e.g. `client.duplicate()`, connected) kept for subscriptions, through which waiting
   * processes are told of decisions and results instead of polling. Without one, they poll each record they wait
   * for every `storePollMs`. `createRedisStore` always makes one.
   */
  readonly subscriber?: RedisSubscriberClient;
}

const SCRIPTS = { TRANSITION, LIST, DELETE, CREATE_CAPPED, LIST_PAGE, FIND_BY_KEY } as const;
type ScriptName = keyof typeof SCRIPTS;
const SHAS = Object.fromEntries(
  Object.entries(SCRIPTS).map(([name, body]) => [name, createHash("sha1").update(body).digest("hex")]),
) as Record<ScriptName, string>;

/**
 * Keeps approvals and background tasks in Redis, for agents that run in several processes. Each record is a hash
 * with a time to live; every guarded change is one Lua script, so across any number of processes exactly one
 * compare-and-set of a record wins. A command that fails or takes longer than `commandTimeoutMs` rejects with a
 * {@link StoreUnavailableError} naming the store.
 * @example
 * const store = await createRedisStore({ url: process.env.REDIS_URL });
 * const agent = new FileAgent({ store });
 */
export class RedisStore implements RuntimeStore, ScopedStore, KeyedStore {
  readonly description: string;
  readonly #client: RedisCommandClient;
  readonly #watchers: RedisWatchers | undefined;
  readonly #prefix: string;
  readonly #timeout: number;

  /** Creates a store on a connected client. */
  constructor(options: RedisStoreOptions) {
    this.#client = options.client;
    this.#prefix = options.prefix ?? "toolwright";
    this.#timeout = options.commandTimeoutMs ?? 2_000;
    this.description = `${options.label ?? "redis"} (prefix "${this.#prefix}")`;
    this.#watchers = options.subscriber && new RedisWatchers(options.subscriber);
  }

  /** True once the client says it was closed (see {@link RedisCommandClient.isOpen}): sweepers on the store stop. */
  get closed(): boolean {
    return this.#client.isOpen === false;
  }

  // A create with no cap: the capped create's script, which counts nothing and so evicts nothing.
  async create(kind: StoreKind, record: StoredRecord, options: WriteOptions): Promise<boolean> {
    return (await this.createCapped(kind, record, options, NO_CAP)).created;
  }

  async createCapped(
    kind: StoreKind,
    record: StoredRecord,
    options: WriteOptions,
    cap: ScopeCap,
    unless?: UnlessFound,
  ): Promise<CappedCreate> {
    const group = (statuses: readonly string[] = []) => [String(statuses.length), ...statuses];
    const args = [record.id, ttl(options), lease(options), String(cap.max)];
    args.push(...group(cap.counted), ...group(cap.evictable), ...group(cap.leasedStatuses), ...pairs(record));
    const keys: string[] = this.#keys(kind, record.scope, record.id);
    if (unless !== undefined) {
      // A script's keys must share one cluster slot: scopes kept beside the record's are read by the create's own
      // script; any other (a tenant's grants, for an agent with a user scope) in a step before it.
      const home = homeScope(record.scope);
      const elsewhere: string[] = [];
      for (const scope of unless.scopes) {
        if (homeScope(scope) === home) keys.push(this.#keys(unless.kind, scope, "")[1]);
        else elsewhere.push(scope);
      }
      if (elsewhere.length > 0) {
        const found = (await Promise.all(elsewhere.map((scope) => this.list(unless.kind, scope)))).flat();
        if (found.length > 0) return { created: false, reason: "found", found };
      }
    }
    const reply = await this.#run("CREATE_CAPPED", keys, args, `create ${kind} ${record.id}`);
    const [created, ...rest] = Array.isArray(reply) ? (reply as unknown[]) : [0, "full"];
    if (Number(created) === 1) return { created: true, evicted: this.#readable(kind, rest) };
    // Found records left out by #readable (not JSON) answer "found" still: nothing was written, the caller reads none.
    if (rest[0] === "found") {
      return { created: false, reason: "found", found: this.#readable(unless!.kind, rest.slice(1)) };
    }
    return { created: false, reason: rest[0] === "exists" ? "exists" : "full" };
  }

  async listPage(
    kind: StoreKind,
    scope: string,
    statuses: readonly string[],
    page: { readonly after?: string; readonly limit?: number } = {},
  ): Promise<StorePage> {
    const limit = String(page.limit ?? DEFAULT_PAGE_SIZE);
    const args = [page.after ?? "0", limit, ...statuses];
    const reply = await this.#run("LIST_PAGE", [this.#keys(kind, scope, "")[1]], args, `list ${kind}s of "${scope}"`);
    const [next, ...rows] = Array.isArray(reply) ? (reply as unknown[]) : [""];
    const records = this.#readable(kind, rows);
    return next ? { records, next: String(next) } : { records };
  }

  async watch(kind: StoreKind, scope: string, listener: StoreChangeListener): Promise<(() => void) | undefined> {
    if (!this.#watchers) return undefined;
    const channel = `${this.#keys(kind, scope, "")[1].slice(0, -1)}:changes`;
    try {
      // Within the commands' time limit: a call subscribes before it writes, and must not wait longer on a dead server.
      return await this.#watchers.watch(channel, listener, this.#timeout);
    } catch (error) {
      throw new StoreUnavailableError(this.description, `watch ${kind}s of "${scope}"`, error);
    }
  }

  async findByKey(kind: StoreKind, scope: string, key: string): Promise<StoredRecord | undefined> {
    const index = this.#keys(kind, scope, "")[1];
    const reply = await this.#run("FIND_BY_KEY", [index], [JSON.stringify(key)], `find ${kind} by key in "${scope}"`);
    return this.#decode(kind, reply);
  }

  async get(kind: StoreKind, scope: string, id: string): Promise<StoredRecord | undefined> {
    const reply = await this.#send(["HGETALL", this.#keys(kind, scope, id)[0]], `read ${kind} ${id}`);
    return this.#decode(kind, reply, id);
  }

  async transition(
    kind: StoreKind,
    scope: string,
    id: string,
    guard: TransitionGuard,
    patch: Readonly<Record<string, unknown>>,
    options: WriteOptions,
  ): Promise<StoredRecord | undefined> {
    // The move is checked against the kind's table here, before the script: the script's compare-and-set checks the
    // record is in one of `guard.from`, and every one of those may move to what the patch writes.
    checkTransition(this.description, kind, id, guard, patch);
    const equals = Object.entries(guard.equals ?? {}).flatMap(([name, value]) => [name, JSON.stringify(value)]);
    const flags =
      (guard.leaseExpired ? `e${Math.max(0, Math.ceil(guard.leaseExpiredForMs ?? 0))}` : "") +
      (options.returnRecord === false ? "" : "r") +
      (options.notify === false ? "" : "n") +
      (options.indexed === false ? "" : "i");
    const args = [
      id,
      ttl(options),
      lease(options),
      flags,
      String(guard.from.length),
      ...guard.from.map((status) => JSON.stringify(status)),
      String(equals.length / 2),
      ...equals,
      ...pairs(patch),
    ];
    const reply = await this.#run("TRANSITION", this.#keys(kind, scope, id), args, `update ${kind} ${id}`);
    if (options.returnRecord !== false) return this.#decode(kind, reply, id);
    // The status alone (the caller only asked whether the write applied): no whole record read back and decoded.
    if (!Array.isArray(reply)) return undefined;
    return { id, scope, status: reply[1] == null ? "" : (JSON.parse(String(reply[1])) as string) };
  }

  async list(kind: StoreKind, scope: string): Promise<StoredRecord[]> {
    const [record, index] = this.#keys(kind, scope, "");
    const reply = await this.#run("LIST", [index], [record], `list ${kind}s of "${scope}"`);
    const records = this.#readable(kind, Array.isArray(reply) ? reply : []);
    return records.sort((a, b) => Number(a.createdAt ?? 0) - Number(b.createdAt ?? 0));
  }

  async delete(kind: StoreKind, scope: string, id: string): Promise<boolean> {
    return (await this.#run("DELETE", this.#keys(kind, scope, id), [id], `delete ${kind} ${id}`)) === 1;
  }

  // A field that is not JSON was written outside toolwright: the record is refused by name, never half read.
  #decode(kind: StoreKind, reply: unknown, id?: string): StoredRecord | undefined {
    try {
      return fromFields(reply);
    } catch (error) {
      if (!(error instanceof BrokenField)) throw error;
      throw new StoreRecordError(this.description, `${kind} "${id ?? error.id}"`, error.field, error.cause);
    }
  }

  // A listing leaves out a record it cannot read (its `get` names what is wrong), so one broken record does not
  // hide the scope's others; nothing runs from a record that is not listed.
  #readable(kind: StoreKind, replies: readonly unknown[]): StoredRecord[] {
    const records: StoredRecord[] = [];
    for (const reply of replies) {
      try {
        const record = fromFields(reply);
        if (record) records.push(record);
      } catch (error) {
        if (!(error instanceof BrokenField)) throw error;
      }
    }
    return records;
  }

  // {home} is a hash tag: a scope's records and its index live in one cluster slot, as a script's keys must, and so do
  // those of the scopes kept beside it (`subScope`), whose own part follows the tag.
  #keys(kind: StoreKind, scope: string, id: string): [record: string, index: string] {
    const home = homeScope(scope);
    const own = home.length === scope.length ? "" : encodeURIComponent(scope.slice(home.length));
    const base = `${this.#prefix}:{${encodeURIComponent(home)}}${own}:${kind}`;
    return [`${base}:${id}`, `${base}s`];
  }

  async #run(name: ScriptName, keys: readonly string[], args: readonly string[], what: string): Promise<unknown> {
    const tail = [String(keys.length), ...keys, ...args];
    try {
      return await this.#timed(["EVALSHA", SHAS[name], ...tail]);
    } catch (error) {
      // A server that restarted (or never saw the script) answers NOSCRIPT: send the body once, which caches it.
      if (!String((error as Error | undefined)?.message).startsWith("NOSCRIPT")) {
        throw new StoreUnavailableError(this.description, what, error);
      }
    }
    return this.#send(["EVAL", SCRIPTS[name], ...tail], what);
  }

  async #send(command: readonly string[], what: string): Promise<unknown> {
    try {
      return await this.#timed(command);
    } catch (error) {
      throw new StoreUnavailableError(this.description, what, error);
    }
  }

  // Rejects when the answer takes longer than commandTimeoutMs; a late answer is dropped. The rejection waits one more
  // turn of the event loop, past its reading of sockets: a process kept busy (or off the CPU) past the limit would
  // otherwise run this timer before reading an answer that came in time, and fail a call Redis had answered.
  #timed(command: readonly string[]): Promise<unknown> {
    return new Promise((resolve, reject) => {
      const late = () => reject(new Error(`no answer within ${this.#timeout} ms`));
      const timer = unrefTimer(setTimeout(() => unrefTimer(setTimeout(late, 0)), this.#timeout));
      this.#client
        .sendCommand(command, NO_CLIENT_TIMEOUT)
        .finally(() => clearTimeout(timer))
        .then(resolve, reject);
    });
  }
}

const NO_CAP: ScopeCap = { max: Number.MAX_SAFE_INTEGER, counted: [], evictable: [] };
const ttl = (options: WriteOptions) => String(Math.max(1, Math.ceil(options.ttlMs)));
const lease = (options: WriteOptions) => (options.leaseMs === undefined ? "" : String(Math.ceil(options.leaseMs)));

// Plain loops: these run on every write and read, where flatMap's and entries' arrays are most of the cost.
function pairs(values: Readonly<Record<string, unknown>>, into: string[] = []): string[] {
  for (const name in values) {
    const value = values[name];
    if (value !== undefined && name !== "leaseUntil") into.push(name, JSON.stringify(value));
  }
  return into;
}

// A field of a stored hash that JSON.parse refuses, with the record's id as far as it can be read.
class BrokenField extends Error {
  constructor(
    readonly field: string,
    readonly id: string,
    override readonly cause: unknown,
  ) {
    super(`field "${field}" is not JSON`);
  }
}

// HGETALL answers a flat [field, value, ...] list in RESP2 and a map (a plain object) in RESP3.
function fromFields(reply: unknown): StoredRecord | undefined {
  if (reply === null || reply === undefined || typeof reply !== "object") return undefined;
  const record: Record<string, unknown> = {};
  let empty = true;
  const read = (name: string, value: unknown) => {
    try {
      record[name] = JSON.parse(String(value)) as unknown;
    } catch (error) {
      throw new BrokenField(name, idOf(reply), error);
    }
    empty = false;
  };
  if (Array.isArray(reply)) for (let i = 0; i + 1 < reply.length; i += 2) read(String(reply[i]), reply[i + 1]);
  else for (const [name, value] of Object.entries(reply)) read(name, value);
  return empty ? undefined : (record as StoredRecord);
}

// The id a broken record names itself by, for the message; the raw text when even it is not JSON.
function idOf(reply: object): string {
  let raw = (reply as Record<string, unknown>).id;
  if (Array.isArray(reply)) for (let i = 0; i + 1 < reply.length; i += 2) if (reply[i] === "id") raw = reply[i + 1];
  try {
    return String(JSON.parse(String(raw)));
  } catch {
    return String(raw);
  }
}
