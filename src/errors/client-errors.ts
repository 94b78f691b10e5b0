import { ErrorCode } from "./error-code.js";
import { ToolwrightError } from "./toolwright-error.js";

/**
 * A handler asked the calling client (`context.client`) for a feature the client did not declare. Check
 * `context.client.supports(feature)` first to offer something else instead.
 */
export class ClientCapabilityError extends ToolwrightError {
  override name = "ClientCapabilityError";
  /** The feature the client lacks: `"elicitation"`, `"sampling"` or `"roots"`. */
  readonly feature: string;
  /** Creates the error for the missing `feature`. */
  constructor(feature: string) {
    super(
      ErrorCode.ClientCapabilityMissing,
      `The tool asked the client for ${feature}, which this client did not declare it supports ` +
        `(its "${feature}" capability); the call cannot go on without it.`,
    );
    this.feature = feature;
  }
}

/**
 * Rejects a pending request of `context.client` when the answer comes in a later round (MCP 2026-07-28 answers the
 * call `input_required` and the client retries with the answers): the handler stops here and runs again. A handler
 * that catches errors around a client request should rethrow this one (`ClientInputPendingError.is(error)`).
 */
export class ClientInputPendingError extends ToolwrightError {
  override name = "ClientInputPendingError";
  /** Creates the error; `detail` says why the request cannot be answered in this run. */
  constructor(detail: string) {
    super(ErrorCode.ClientInputPending, `The client's answer is not here yet: ${detail}.`);
  }

  /** Returns true for this error, also one created by another loaded copy of toolwright. */
  static override is(value: unknown): value is ClientInputPendingError {
    return ToolwrightError.is(value) && value.code === ErrorCode.ClientInputPending;
  }
}
