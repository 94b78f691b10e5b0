/** Runs a receiver (a listener of the app's); a throw or a rejection stays here, so a listener never changes the call. */
export function isolated(run: () => unknown): void {
  try {
    const answer = run() as { then?: unknown } | undefined;
    if (typeof answer?.then === "function") (answer as Promise<unknown>).then(undefined, () => undefined);
  } catch {
    // Isolated by design: progress is a side channel, never a reason for a call to fail.
  }
}
