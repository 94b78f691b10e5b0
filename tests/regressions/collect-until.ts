import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";

setFlagsFromString("--expose-gc");
/** Runs a full garbage collection now. */
export const gc = runInNewContext("gc") as () => void;

/**
 * Collects garbage until `done()` says so, or gives up after `attempts`. Finalizers run after a collection, on a later
 * turn of the event loop; and an object read through a weak reference is kept until the current turn ends, so every
 * collection starts a turn of its own.
 */
export async function collectUntil(done: () => boolean, attempts = 20): Promise<boolean> {
  for (let attempt = 0; attempt < attempts; attempt++) {
    await new Promise((resolve) => setImmediate(resolve));
    gc();
    await new Promise((resolve) => setImmediate(resolve));
    if (done()) return true;
  }
  return false;
}
