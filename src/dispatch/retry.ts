import { cloneValue } from "../schema/json.js";
import { type HandlerCall, type HandlerOutcome, runHandler } from "./run-handler.js";

/**
 * The pause before a retry: a number is the first pause in milliseconds, doubled for each further retry; a function
 * gets the retry's number (1 for the first retry) and the error that caused it, and returns the pause.
 */
export type RetryBackoff = number | ((retry: number, error: unknown) => number);

/** The first pause before a retry when the agent sets no `retryBackoffMs`: 100 ms, then 200, 400, ... */
export const DEFAULT_RETRY_BACKOFF_MS = 100;

/** Returns the pause before retry number `retry` (1-based), never negative. */
export function backoffDelay(backoff: RetryBackoff | undefined, retry: number, error: unknown): number {
  let delay: number;
  try {
    delay =
      typeof backoff === "function" ? backoff(retry, error) : (backoff ?? DEFAULT_RETRY_BACKOFF_MS) * 2 ** (retry - 1);
  } catch {
    // A broken backoff function must not turn a retryable failure into a crash of the caller.
    delay = 0;
  }
  return Number.isFinite(delay) && delay > 0 ? delay : 0;
}

/** Waits `ms`, or less when `signal` aborts first; resolves with false when aborted. */
export function pause(ms: number, signal: AbortSignal): Promise<boolean> {
  if (signal.aborted) return Promise.resolve(false);
  return new Promise((resolve) => {
    const onAbort = () => {
      clearTimeout(timer);
      resolve(false);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener("abort", onAbort);
      resolve(true);
    }, ms);
    signal.addEventListener("abort", onAbort, { once: true });
  });
}

/** A handler outcome with the number of times the handler ran. */
export interface AttemptsOutcome extends HandlerOutcome {
  readonly attempts: number;
}

/** A call whose handler may run again: each attempt is handed its own arguments. */
export interface RetriableCall extends HandlerCall {
  /** Gives the next attempt `args` to run with. */
  rearm(args: Record<string, unknown>): void;
}

/**
 * Runs the handler, and runs it again after a pause when it threw, up to `maxRetries` more times. Every attempt runs
 * with the arguments as they were validated (and, where asked, approved): a copy is kept before the first, so what a
 * failed attempt changed in its own arguments never reaches the next. Only a throw (or rejection) of the handler is
 * retried: an unserialisable result or a returned failure is final, and nothing is retried once the call's signal has
 * aborted. With retries configured, the result records `attempts`; each retry's progress starts over. Never rejects.
 */
export async function runAttempts(call: RetriableCall, backoff: RetryBackoff | undefined): Promise<AttemptsOutcome> {
  const maxRetries = call.definition.maxRetries ?? 0;
  // Validated arguments are plain JSON values: the copy is exact.
  const validated = maxRetries > 0 ? cloneValue(call.args) : undefined;
  for (let attempt = 1; ; attempt++) {
    if (attempt > 1) {
      call.rearm(cloneValue(validated!));
      // A retry starts its work, and so its progress, over.
      if (call.channel !== undefined) call.channel.last = undefined;
    }
    const outcome = await runHandler(call);
    // Asked only when a retry is possible: a call that needs no retry makes no context for it.
    const final = !outcome.thrown || attempt > maxRetries || call.context().signal.aborted;
    const delay = final ? 0 : backoffDelay(backoff, attempt, outcome.error);
    if (final || (delay > 0 && !(await pause(delay, call.context().signal)))) {
      if (maxRetries === 0) return { ...outcome, attempts: attempt };
      return { ...outcome, result: { ...outcome.result, attempts: attempt }, attempts: attempt };
    }
  }
}
