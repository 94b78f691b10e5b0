/**
 * Collects until the heap stops shrinking, so finalizers and weak maps have settled, and returns the bytes in use.
 * @throws {Error} when the process was started without `--expose-gc`.
 */
export function settledHeap(): number {
  const gc = globalThis.gc;
  if (!gc) throw new Error("run with node --expose-gc");
  let used = Number.POSITIVE_INFINITY;
  for (let i = 0; i < 5; i++) {
    gc();
    const now = process.memoryUsage().heapUsed;
    if (now >= used) return now;
    used = now;
  }
  return used;
}
