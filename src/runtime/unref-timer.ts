/** A timer as any runtime returns it: Node's and Bun's `Timeout` objects, a number in a browser, Deno or workerd. */
export type Timer = ReturnType<typeof setTimeout>;

/**
 * Lets the process exit while `timer` is pending, where the runtime can (Node, Bun: `unref`); elsewhere a timer never
 * holds a process open, so there is nothing to do. Returns the timer, for `const t = unrefTimer(setTimeout(...))`.
 */
export function unrefTimer<T extends Timer>(timer: T): T {
  (timer as { unref?: () => unknown }).unref?.();
  return timer;
}
