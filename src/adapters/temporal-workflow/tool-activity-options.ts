import type { ActivityOptions } from "@temporalio/workflow";
import type { TemporalToolSpec } from "./temporal-wire.js";

/** The activity options of tools that do not set their own, and what the derived ones are built with. */
export interface TemporalToolDefaults {
  /** The time limit of one attempt of a tool without `timeoutMs`, in ms. Default 300,000 (5 minutes). */
  readonly startToCloseTimeoutMs?: number;
  /** The time limit of one attempt of a tool with `onTimeout: "background"`, in ms. Default 3,600,000 (1 hour). */
  readonly backgroundTimeoutMs?: number;
  /** Added to a tool's own time budget, for dispatch and the result's way back, in ms. Default 5,000. */
  readonly slackMs?: number;
  /** toolwright's pause before its first retry (the agent's `retryBackoffMs`), in ms. Default 100. */
  readonly retryBackoffMs?: number;
  /**
   * The fewest attempts Temporal makes of a call whose attempt was lost (the worker died, the attempt's time limit
   * passed); a tool with a larger `1 + maxRetries` gets that many. Default 3.
   */
  readonly maximumAttempts?: number;
  /** Temporal's pause before it runs a lost attempt again, in ms; doubled for each further one. Default 1,000. */
  readonly retryIntervalMs?: number;
}

/**
 * The error type of an activity failure that no further attempt could fix (a malformed activity input): Temporal's
 * retry policy lists it as not retryable.
 */
export const NON_RETRYABLE_INPUT = "ToolwrightActivityInput";

/** The longest time limit {@link activityOptionsFor} gives one attempt: 30 days. */
export const MAX_ATTEMPT_MS = 30 * 24 * 60 * 60 * 1_000;

/**
 * Returns the activity options of one tool: its time limit and Temporal's retry policy, from the tool's options.
 *
 * One layer retries each kind of failure, never both. A handler that throws is retried by toolwright inside the
 * attempt (`maxRetries`, pausing `retryBackoffMs` and doubling), as on every other surface; the attempt then
 * completes with the call's `ToolResult` (a failure the model reads, with `attempts`), so Temporal never sees the
 * throw and never retries it. Temporal retries only an attempt that was lost (the worker died, the attempt's time
 * limit passed): `maximumAttempts` is the tool's `1 + maxRetries` (how many runs it says a call may take), at least
 * `defaults.maximumAttempts` (3), with `retryIntervalMs` (1 s) doubling between them; each attempt runs with the same
 * idempotency key. A malformed activity input fails without retries (error type `ToolwrightActivityInput`).
 *
 * An attempt's time limit is the tool's budget with room to spare: `timeoutMs` (which already covers toolwright's
 * retries) times `1 + maxRetries`, the pauses between tries and `slackMs`, so a live attempt ends first with its own
 * `timed_out` result and the limit catches only a worker that stopped answering; for a tool without `timeoutMs`,
 * `startToCloseTimeoutMs` plus the pauses between its tries (so toolwright's own retries never run past it and make
 * Temporal start a second attempt beside a live one); `backgroundTimeoutMs` for one with `onTimeout: "background"`.
 * Never more than 30 days (`MAX_ATTEMPT_MS`) (a `maxRetries` in the hundreds would otherwise make it Infinity).
 */
export function activityOptionsFor(spec: TemporalToolSpec, defaults: TemporalToolDefaults = {}): ActivityOptions {
  const tries = 1 + (spec.maxRetries ?? 0);
  const backoff = (defaults.retryBackoffMs ?? 100) * (2 ** (tries - 1) - 1);
  const budget =
    spec.onTimeout === "background"
      ? (defaults.backgroundTimeoutMs ?? 3_600_000)
      : spec.timeoutMs !== undefined
        ? spec.timeoutMs * tries + backoff + (defaults.slackMs ?? 5_000)
        : (defaults.startToCloseTimeoutMs ?? 300_000) + backoff;
  return {
    startToCloseTimeout: Math.min(budget, MAX_ATTEMPT_MS),
    retry: {
      maximumAttempts: Math.max(defaults.maximumAttempts ?? 3, tries),
      initialInterval: defaults.retryIntervalMs ?? 1_000,
      backoffCoefficient: 2,
      nonRetryableErrorTypes: [NON_RETRYABLE_INPUT],
    },
    summary: spec.name,
  };
}
