import type { HandlerOutcome } from "./run-handler.js";

/** A value now, or a promise of it: a stage that needs no waiting answers at once, so a plain call costs no turn. */
export type Settled<T> = T | Promise<T>;

/**
 * Which way a call left the pipeline: `unavailable` (an unknown or forbidden tool), `cancelled` (its signal aborted
 * before it started), or `ended` (every other way: invalid arguments, a gate, a `before` listener, the handler).
 * `finish` decides per exit which listeners hear of it.
 */
export type Exit = "unavailable" | "cancelled" | "ended";

/**
 * How a call ended: its outcome, the arguments its listeners see, and the exit it took. A stage that answers with one
 * skips every later stage: the call goes straight to `finish`.
 */
export class Ending {
  constructor(
    readonly outcome: HandlerOutcome,
    readonly args: unknown,
    readonly exit: Exit,
  ) {}
}
