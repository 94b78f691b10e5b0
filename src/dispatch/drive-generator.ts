import { isToolProgress } from "../tool/tool-progress.js";
import type { ProgressChannel } from "./progress-channel.js";

/** A generator a tool returned: an `async *` method's, or a `*` method's. */
export type Generated = AsyncGenerator<unknown, unknown, unknown> | Generator<unknown, unknown, unknown>;

/**
 * Returns the value as a generator when it is one (an `async function*` or `function*` called), else undefined. Only
 * real generators count: an array or another iterable a tool returns is its result, not a stream.
 */
export function generatorOf(value: unknown): Generated | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  const tag = Object.prototype.toString.call(value);
  return tag === "[object AsyncGenerator]" || tag === "[object Generator]" ? (value as Generated) : undefined;
}

/**
 * Runs a tool's generator to its end and resolves with its return value (the result): each yielded progress object
 * goes to `channel` as progress, any other yielded value as a preliminary value. When `signal` aborts (a time limit,
 * a cancellation), the generator is closed with `return()`, so its `finally` blocks run: at once when it is paused
 * at a yield, else as soon as the step it is running settles; the run then rejects with the signal's reason. Rejects
 * with whatever the generator throws.
 */
export async function driveGenerator(
  generator: Generated,
  signal: AbortSignal,
  channel: ProgressChannel | undefined,
): Promise<unknown> {
  let closed = false;
  const close = () => {
    if (closed) return;
    closed = true;
    try {
      // An async generator queues the request behind the step it is running; a sync one is paused at a yield here.
      const closing = generator.return(undefined) as unknown;
      if (closing instanceof Promise) closing.then(undefined, () => undefined);
    } catch {
      // A `finally` that throws while closing: the call already ended (timed out or cancelled) for another reason.
    }
  };
  if (signal.aborted) {
    close();
    throw signal.reason;
  }
  signal.addEventListener("abort", close, { once: true });
  try {
    for (;;) {
      const step = await generator.next();
      if (signal.aborted) {
        close();
        throw signal.reason;
      }
      if (step.done) return step.value;
      yielded(step.value, channel);
    }
  } finally {
    signal.removeEventListener("abort", close);
  }
}

function yielded(value: unknown, channel: ProgressChannel | undefined): void {
  if (channel === undefined) return;
  let progress: boolean;
  try {
    progress = isToolProgress(value);
  } catch {
    // A yielded Proxy whose traps throw cannot be read as progress; the channel drops it as a preliminary value.
    progress = false;
  }
  if (progress) channel.report(value as never);
  else channel.preliminary(value);
}
