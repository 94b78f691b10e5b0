import { ErrorCode } from "../errors/error-code.js";
import type { ToolDefinition } from "../tool/tool-definition.js";
import type { ToolResult } from "../tool/tool-result.js";
import type { UntrustedMark } from "../tool/untrusted-output.js";

/** True when a tool's results are untrusted: its `untrustedOutput`, which defaults to its `openWorld`. */
export function untrustedOf(definition: Pick<ToolDefinition, "untrustedOutput" | "openWorld">): boolean {
  return definition.untrustedOutput ?? definition.openWorld === true;
}

/**
 * Returns `result` marked untrusted with a fresh nonce, when the handler's own text is in it (a value; a failure the
 * handler threw, whose message may quote what it read; or a value that broke the result rules, whose message quotes
 * it); toolwright's own answers (invalid arguments, denied, timed out, ...) are left as they are.
 */
export function markUntrusted(result: ToolResult, definition: ToolDefinition): ToolResult {
  if (!result.ok && !QUOTES_THE_HANDLER.has(result.error.code)) return result;
  const untrusted: UntrustedMark =
    definition.outputSchema === undefined ? { nonce: nonce() } : { nonce: nonce(), declared: true };
  // Copied by Object.assign, then marked: a spread that adds a field (`{ ...result, untrusted }`) takes V8's slow path,
  // most of the cost of a result's first envelope (bench/policy.ts), and leaves an object every builder reads slowly.
  const marked = Object.assign({}, result) as { untrusted?: UntrustedMark };
  marked.untrusted = untrusted;
  return marked as ToolResult;
}

// The failures whose message may quote what the handler returned or threw. `INVALID_RESULT` names the value's
// property names (a path of a value that breaks `returns`), an image part's URL, a malformed result's JSON: text the
// outside wrote, so it reaches the model in the envelope and marks the session like the value itself.
const QUOTES_THE_HANDLER: ReadonlySet<string> = new Set<string>([ErrorCode.ToolFailed, ErrorCode.InvalidResult]);

// Random bytes are drawn from the platform's CSPRNG in batches (one call per 85 nonces rather than one per nonce);
// each nonce takes bytes no other nonce took, so it stays as unguessable as a nonce drawn alone.
const NONCE_BYTES = 12;
const pool = new Uint8Array(NONCE_BYTES * 85);
let used = pool.length;
const HEX = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, "0"));

// 96 random bits as hex: no text written before the call can hold it.
function nonce(): string {
  if (used + NONCE_BYTES > pool.length) {
    crypto.getRandomValues(pool);
    used = 0;
  }
  let hex = "";
  for (let i = used; i < used + NONCE_BYTES; i++) hex += HEX[pool[i]!]!;
  // The bytes are spent: zeroed, so nothing later can read a nonce back out of the pool.
  pool.fill(0, used, used + NONCE_BYTES);
  used += NONCE_BYTES;
  return hex;
}
