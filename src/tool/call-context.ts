import { createAsyncStorage, type AsyncStorage } from "../runtime/async-storage.js";
import { sha256Hex } from "../runtime/sha256.js";
import { stableStringify } from "../schema/stable-stringify.js";
import type { CallingAgent, ToolCallContext, ToolFlags, ToolSpec } from "./tool.js";
import type { ToolProgress } from "./tool-progress.js";
import type { ToolClient } from "./tool-client.js";

interface KeyedCall {
  readonly callId: string;
  readonly key: string;
}

// The call a durable adapter is running, tracked across awaits: a worker runs many executions at once, often on one
// agent instance, so a key must follow its own call and not be looked up by a shared name. Created on first use, so
// an app that never runs a durable call never turns on async tracking.
let durable: AsyncStorage<KeyedCall> | undefined;

/**
 * Runs `fn` (a dispatch of the call `callId`) so that the call's context carries `key` as its `idempotencyKey`.
 * Used by the durable adapters around `agent.callTool`, whose key is derived from the engine's execution.
 */
export function runWithIdempotencyKey<T>(callId: string, key: string, fn: () => T): T {
  return (durable ??= createAsyncStorage<KeyedCall>()).run({ callId, key }, fn);
}

/** The key a durable adapter set for `callId` around the running dispatch; undefined outside one. */
export function durableKeyOf(callId: string): string | undefined {
  const keyed = durable?.getStore();
  // A nested call made from inside a durable handler has its own call id, and so a key of its own.
  return keyed !== undefined && keyed.callId === callId ? keyed.key : undefined;
}

// The calls a server (serveMcp) is running for a client, by call id: a call's context picks its client up when it is
// created. A table rather than AsyncLocalStorage, which on Node 20 would tax every promise of the process once a server
// ran (docs/performance.md); under a Symbol.for key, so a server of one loaded copy of toolwright reaches the calls of
// an agent from another (the `toolwright serve` command loads the user's module). Entries live while `fn` runs.
const CLIENTS = Symbol.for("toolwright.toolClients");
type ClientTable = Map<string, ToolClient>;
// Made (or found) once, at import: every call's context asks it, and a keyed read of globalThis per call cost a
// plain call more than a tenth of its time (issue #19). Every loaded copy shares the first copy's table.
const clientTable: ClientTable = ((globalThis as { [CLIENTS]?: ClientTable })[CLIENTS] ??= new Map());

/**
 * Runs `fn` (a dispatch of the call `callId`, and whatever settles it) so that the call's context carries `client`
 * as its `client`. A call the handler makes itself has another id, and no client. Call ids must be unique per call.
 */
export async function runWithToolClient<T>(callId: string, client: ToolClient, fn: () => Promise<T>): Promise<T> {
  const table = clientTable;
  table.set(callId, client);
  try {
    return await fn();
  } finally {
    // A concurrent replay of the same call may have replaced the entry: only this run's own entry is removed.
    if (table.get(callId) === client) table.delete(callId);
  }
}

/** The client a server set for `callId` around the running dispatch; undefined outside one. */
function toolClientOf(callId: string): ToolClient | undefined {
  return clientTable.size === 0 ? undefined : clientTable.get(callId);
}

/**
 * Returns the idempotency key of a call outside a durable engine: `tw1-` and a SHA-256 (hex) of the agent's store
 * scope, the call id, the tool and the arguments (keys sorted). Every retry of the call, and a run of an approved
 * call or a background task taken over on another replica (same scope, same call id, the stored arguments), derives
 * the same key; two calls that differ in any part get different keys.
 */
export function callIdempotencyKey(scope: string, callId: string, toolName: string, args: unknown): string {
  const text = JSON.stringify(["tw1-call", scope, callId, toolName, stableStringify(args) ?? "undefined"]);
  return `tw1-${sha256Hex(text)}`;
}

/**
 * The context every dispatched call hands its handler. `idempotencyKey` is a getter on this class's prototype and
 * hashed on first read, so a call whose handler never reads it pays for one field, not for a hash.
 */
export class CallContext implements ToolCallContext {
  readonly agent: CallingAgent | undefined;
  readonly callId: string;
  readonly tool: ToolSpec & ToolFlags;
  readonly reportProgress: (update: ToolProgress) => void;
  readonly client: ToolClient | undefined;
  readonly #args: unknown;
  readonly #scope: string;
  #key: string | undefined;
  // The handler's signal, or undefined until first read when the context makes it (see signal).
  #signal: AbortSignal | undefined;
  #caller: AbortSignal | undefined;
  // The controller of a signal the context made, once made: stopped by the dispatcher (see stop), or following the
  // caller's while the call runs.
  #controller: AbortController | undefined;
  // The caller's `abort` listener that aborts the handler's signal, while the call runs.
  #follow: (() => void) | undefined;
  #settled = false;
  #stopped = false;
  #reason: unknown;

  /**
   * Creates the context of one call; `scope` is the agent's store scope ("" without an agent), `reportProgress` the
   * call's progress channel (a no-op where nobody can hear it). `signal` is the handler's; undefined, the context
   * makes one on first read, which the dispatcher aborts with {@link CallContext.stop} (a call under a time limit or
   * handed to a background task). With `caller`, `signal` is the caller's, and the handler gets a signal of its own
   * that follows it while the call runs (see {@link CallContext.signal}); the dispatcher then calls
   * {@link CallContext.settle} when the call ends.
   */
  constructor(
    signal: AbortSignal | undefined,
    agent: CallingAgent | undefined,
    callId: string,
    tool: ToolSpec & ToolFlags,
    args: unknown,
    scope: string,
    reportProgress: (update: ToolProgress) => void,
    caller = false,
  ) {
    if (caller) this.#caller = signal;
    else this.#signal = signal;
    this.agent = agent;
    this.callId = callId;
    this.tool = tool;
    this.reportProgress = reportProgress;
    this.#args = args;
    this.#scope = scope;
    // Read now, while the dispatch still runs in the adapter's tracked call: a handler may read the key later from a
    // callback the tracking does not reach.
    this.#key = durableKeyOf(callId);
    this.client = toolClientOf(callId);
  }

  /**
   * See {@link ToolCallContext.signal}. Made on first read where the call has no signal of its own yet: for a call
   * under a time limit (or a background task), one the dispatcher aborts at the deadline (a handler that never reads
   * it costs no controller, and a sync handler none at all); for a call made with a caller's signal, one that aborts
   * with the caller's reason when the caller aborts while the call runs, and is cut loose when the call ends, so a
   * listener a handler leaves on it never reaches the caller's long-lived signal (a controller per call, and its
   * collection, was most of the cost of such a call: issue #19).
   */
  get signal(): AbortSignal {
    return this.#signal ?? this.#madeSignal();
  }

  #madeSignal(): AbortSignal {
    const controller = (this.#controller = new AbortController());
    this.#signal = controller.signal;
    if (this.#stopped) controller.abort(this.#reason);
    const caller = this.#caller;
    // Read after the call ended (settle made the aborted one for a call the caller stopped): it never aborts.
    if (caller === undefined || this.#settled) return controller.signal;
    if (caller.aborted) controller.abort(caller.reason);
    else {
      const follow = () => controller.abort(caller.reason);
      caller.addEventListener("abort", follow, { once: true });
      this.#follow = follow;
    }
    return controller.signal;
  }

  /**
   * The controller of the signal this context makes (made now if not yet read): a background task is handed it, so
   * cancelling the task aborts the handler's signal.
   * @internal
   */
  controller(): AbortController {
    if (this.#signal === undefined) this.#madeSignal();
    return this.#controller ?? new AbortController();
  }

  /**
   * Aborts the handler's signal with `reason` (a time limit, a caller who stopped a call under one), now if it was
   * made, else as soon as it is read. Calling it again does nothing.
   * @internal
   */
  stop(reason: unknown): void {
    if (this.#stopped) return;
    this.#stopped = true;
    this.#reason = reason;
    this.#controller?.abort(reason);
  }

  /**
   * Ends the call for its signal: a signal made from the caller's stops following it (see {@link CallContext.signal}).
   * Called by the dispatcher once the call's result is settled; calling it again does nothing.
   * @internal
   */
  settle(): void {
    if (this.#settled) return;
    // A call its caller stopped keeps the mark for a handler (or a callback of it) that reads its signal later.
    if (this.#signal === undefined && this.#caller?.aborted === true) this.#madeSignal();
    this.#settled = true;
    const follow = this.#follow;
    if (follow === undefined) return;
    this.#follow = undefined;
    const caller = this.#caller!;
    caller.removeEventListener("abort", follow);
    // Settled by the caller's abort, whose listener that settles ran first: the handler's signal says so too.
    if (caller.aborted) follow();
  }

  /** See {@link ToolCallContext.idempotencyKey}. */
  get idempotencyKey(): string {
    return (this.#key ??= callIdempotencyKey(this.#scope, this.callId, this.tool.name, this.#args));
  }
}
