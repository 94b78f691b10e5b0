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
  /** Attempts Temporal makes when an attempt is lost (worker died, time limit passed). Default 3. */
  readonly maximumAttempts?: number;
}

/**
 * Returns the activity options of one tool. An attempt runs toolwright's whole dispatch, its own retries included, so
 * its time limit is the tool's budget: `timeoutMs` for each of its `1 + maxRetries` tries, the pauses between them
 * (doubling from `retryBackoffMs`) and `slackMs`. A model mistake or a failing handler is a result, never a failed
 * activity, so Temporal's retries are only for attempts that were lost: each runs with the same idempotency key.
 */
export function activityOptionsFor(spec: TemporalToolSpec, defaults: TemporalToolDefaults = {}): ActivityOptions {
  const tries = 1 + (spec.maxRetries ?? 0);
  const backoff = (defaults.retryBackoffMs ?? 100) * (2 ** (tries - 1) - 1);
  const budget =
    spec.onTimeout === "background"
      ? (defaults.backgroundTimeoutMs ?? 3_600_000)
      : spec.timeoutMs !== undefined
        ? spec.timeoutMs * tries + backoff + (defaults.slackMs ?? 5_000)
        : (defaults.startToCloseTimeoutMs ?? 300_000);
  return {
    startToCloseTimeout: budget,
    retry: { maximumAttempts: defaults.maximumAttempts ?? 3, initialInterval: 1_000, backoffCoefficient: 2 },
    summary: spec.name,
  };
}
