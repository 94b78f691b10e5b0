import { sha256Hex } from "../runtime/sha256.js";

/** The longest session id a call may name (`CallToolOptions.session`). */
const MAX_SESSION = 256;

/**
 * The session of a durable execution's calls: the execution's id (a Restate invocation id, a Temporal workflow id),
 * so the repeat guard and the rule that follows untrusted output hold across the steps of one execution. An id longer
 * than a session may be (a Temporal workflow id can be) is named by its SHA-256 instead, the same on every replay.
 */
export function executionSession(executionId: string): string {
  return executionId.length > 0 && executionId.length <= MAX_SESSION
    ? executionId
    : `execution:${sha256Hex(executionId)}`;
}
