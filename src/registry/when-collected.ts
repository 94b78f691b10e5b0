// One FinalizationRegistry for every ToolRegistry, kept as long as this module. On Node 20 (V8 11.3) a
// FinalizationRegistry that is itself collected while its cleanup task is pending leaves that task with nothing to do,
// and the task never clears V8's "cleanup posted" flag: no FinalizationRegistry callback runs again in the process,
// the app's own included. A registry per ToolRegistry dies with it, and apps and tests drop registries.
const finalizers = new FinalizationRegistry<() => void>((release) => release());

/**
 * Calls `release` some time after `target` is garbage-collected (on a later turn of the event loop). `release` must
 * not hold `target`, or it is never collected.
 */
export function whenCollected(target: object, release: () => void): void {
  finalizers.register(target, release);
}
