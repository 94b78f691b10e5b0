/**
 * A signal that aborts when `a` or `b` does, with the reason of the first. `AbortSignal.any` where the runtime has it
 * (Node 20.3+, Deno, Bun, workerd, browsers); Vercel's Edge Runtime (edge-runtime 4) lacks it, so there the two are
 * linked by hand: the listeners are `once`, and the one left on the signal that did not abort goes with it when the
 * call's signals are collected.
 */
export function eitherSignal(a: AbortSignal, b: AbortSignal): AbortSignal {
  if (typeof AbortSignal.any === "function") return AbortSignal.any([a, b]);
  if (a.aborted) return a;
  if (b.aborted) return b;
  const linked = new AbortController();
  const abort = (event: Event) => linked.abort((event.target as AbortSignal).reason);
  a.addEventListener("abort", abort, { once: true });
  b.addEventListener("abort", abort, { once: true });
  return linked.signal;
}
