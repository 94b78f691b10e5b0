import type { HandlerOutcome } from "./run-handler.js";

/** A value now, or a promise of it: a stage that needs no waiting answers at once, so a plain call costs no turn. */
export type Settled<T> = T | Promise<T>;

/**
 * Which way a call left the pipeline: `unavailable` (an unknown or forbidden tool), `cancelled` (its signal
 * aborted before it started), or `ended` (every other way: invalid arguments, a gate, a `before` listener, the
 * handler). `finish` decides per exit which listeners hear of it.
 */
export type Exit = "unavailable" | "cancelled" | "ended";

/** How a call ended: its outcome, the arguments its listeners see, and the exit it took. `step` passes it on untouched,
 * past every later stage, to `finish`. */
export class Ending {
  constructor(
    readonly outcome: HandlerOutcome,
    readonly args: unknown,
    readonly exit: Exit,
  ) {}
}

/**
 * Runs the next stage of a call: `value` is a stage's answer; an {@link Ending} skips every later stage, a promise is
 * awaited first, and a plain value goes to `next` now, without a turn of the event loop.
 */
export function step<T, U>(value: Settled<T | Ending>, next: (value: T) => Settled<U | Ending>): Settled<U | Ending> {
  if (value instanceof Promise) return value.then((settled: T | Ending) => step(settled, next));
  if (value instanceof Ending) return value;
  return next(value as T);
}
