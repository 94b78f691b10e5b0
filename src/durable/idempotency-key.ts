import { sha256Hex } from "../runtime/sha256.js";
import type { ToolCallContext } from "../tool/tool.js";
import { durableKeyOf } from "../tool/call-context.js";

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
  return `tw1-${sha256Hex(text)}`;
}

/**
 * Returns the idempotency key of the call a handler runs in: `context.idempotencyKey`, stable across retries, replays,
 * restarts and replicas, so a handler passes it to whatever must happen once (a payment, an e-mail, an insert with a
 * unique key). In a durable call (`toolwright/restate`, `toolwright/temporal`) it is derived from the execution
 * ({@link deriveIdempotencyKey}); elsewhere from the agent's store scope, the call id, the tool and the arguments.
 * Undefined only for a context toolwright did not make (one built by hand, outside a durable call).
 * @example
 * \@tool({ description: "Charge a card", params: { cents: p.integer() } })
 * async charge({ cents }: { cents: number }, context: ToolCallContext) {
 *   return payments.charge({ cents }, { idempotencyKey: idempotencyKeyOf(context) });
 * }
 */
export function idempotencyKeyOf(context: ToolCallContext): string | undefined {
  const own = (context as { readonly idempotencyKey?: unknown }).idempotencyKey;
  return typeof own === "string" ? own : durableKeyOf(context.callId);
}
