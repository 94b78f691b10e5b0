// The recipe of docs/runtime.md ("CPU-heavy tools"): CPU-bound work runs on a worker thread, and the call's signal
// (aborted at the tool's time limit, or when the caller cancels) terminates the thread, which stops the work at once.
// tests/regressions/34-worker-stops-at-the-limit.integration.test.ts runs it.
import type { Worker } from "node:worker_threads";

/**
 * Resolves with the first message `worker` posts, and terminates it then; `signal` terminates it early and rejects
 * with the signal's reason. The event loop stays free while the worker computes, so the time limit fires on time.
 */
export function runInWorker<T>(worker: Worker, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const stop = () => {
      void worker.terminate();
      reject(signal.reason);
    };
    if (signal.aborted) return stop();
    signal.addEventListener("abort", stop, { once: true });
    worker.once("message", (value: T) => {
      signal.removeEventListener("abort", stop);
      void worker.terminate();
      resolve(value);
    });
    worker.once("error", (error) => {
      signal.removeEventListener("abort", stop);
      reject(error);
    });
  });
}
