import type { Exit } from "./finish.js";
import type { HandlerOutcome } from "./run-handler.js";

/**
 * How a call ended: its outcome, the arguments its listeners see, and the exit it took. A stage that answers with one
 * skips every later stage: the call goes straight to `finish`. In a file of its own so the result check can build
 * one for a background task from run-managed.ts without an import cycle through the stages.
 */
export class Ending {
  constructor(
    readonly outcome: HandlerOutcome,
    readonly args: unknown,
    readonly exit: Exit,
  ) {}
}
