import { AsyncLocalStorage } from "node:async_hooks";
import dependencies from "../schema/load-dependencies.cjs";
import type { ToolCallContext } from "../tool/tool.js";

/** What an idempotency key is derived from: the same four values in every attempt of one call. */
export interface IdempotencyKeyParts {
  /** The durable execution (see `DurablePort.executionId`). */
  readonly executionId: string;
  readonly callId: string;
  readonly toolName: string;
  /** The arguments as the model sent them: JSON text or a JSON value. */
  readonly args: unknown;
}

/**
 * Returns the idempotency key of a durable call: `tw1-` and a SHA-256 (hex) of the execution, the call id, the tool
 * and the arguments. Every replay, retry and resume of the execution derives the same key, and two calls differ in
 * at least one part, so the key can go to a payment API or a database as the "do this once" token.
 */
export function deriveIdempotencyKey(parts: IdempotencyKeyParts): string {
  // The raw arguments come from the execution's own recorded input, so their text is the same on every replay; they
  // are hashed as given rather than normalised, because an engine hands them back exactly as it recorded them.
  const args = typeof parts.args === "string" ? parts.args : (JSON.stringify(parts.args) ?? "undefined");
  const text = JSON.stringify(["tw1", parts.executionId, parts.callId, parts.toolName, args]);
  return `tw1-${dependencies.loadNodeCrypto().createHash("sha256").update(text).digest("hex")}`;
}

interface KeyedCall {
  readonly callId: string;
  readonly key: string;
}

// The call a durable adapter is running, tracked across awaits: a worker runs many executions at once, often on one
// agent instance, so a key must follow its own call and not be looked up by a shared name. Created on first use, so
// an app that never runs a durable call never turns on async tracking.
let running: AsyncLocalStorage<KeyedCall> | undefined;

/**
 * Runs `fn` (a dispatch of the call `callId`) so that its handler reads `key` through {@link idempotencyKeyOf}.
 * Used by the durable adapters around `agent.callTool`.
 */
export function runWithIdempotencyKey<T>(callId: string, key: string, fn: () => T): T {
  return (running ??= new AsyncLocalStorage()).run({ callId, key }, fn);
}

/**
 * Returns the idempotency key of the call a handler runs in: stable across retries, replays, restarts and replicas
 * of a durable execution, so a handler passes it to whatever must happen once (a payment, an e-mail, an insert with
 * a unique key). Undefined outside a durable call (a plain `agent.callTool`), where there is no execution to be
 * stable across. Pass the handler's context argument (or `currentToolCall()`).
 * @example
 * \@tool({ description: "Charge a card", params: { cents: p.integer() } })
 * async charge({ cents }: { cents: number }, context: ToolCallContext) {
 *   const key = idempotencyKeyOf(context) ?? context.callId;
 *   return payments.charge({ cents }, { idempotencyKey: key });
 * }
 */
export function idempotencyKeyOf(context: ToolCallContext): string | undefined {
  // The call pipeline may carry the key on the context itself; that one wins once it exists.
  const own = (context as { readonly idempotencyKey?: unknown }).idempotencyKey;
  if (typeof own === "string") return own;
  const keyed = running?.getStore();
  // A nested call made from inside a durable handler has its own call id, and no key of its parent's.
  return keyed !== undefined && keyed.callId === context.callId ? keyed.key : undefined;
}
