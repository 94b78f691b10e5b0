// One FinalizationRegistry for the whole process, kept on globalThis so that it is never collected. On Node 20
// (V8 11.3) a FinalizationRegistry that is itself collected while its cleanup task is pending leaves that task with
// nothing to do, and the task never clears V8's "cleanup posted" flag: no FinalizationRegistry callback runs again in
// the process, the app's own included. A registry per ToolRegistry would die with it, and apps drop registries; one
// per copy of this module would too when a copy is dropped (a bundle loaded as ESM and as CommonJS side by side).
// Nothing correct depends on these callbacks (the registry reads its weak references for that); they keep maps small.
const KEY = Symbol.for("toolwright.whenCollected");
const holder = globalThis as { [KEY]?: FinalizationRegistry<() => void> };
const finalizers = (holder[KEY] ??= new FinalizationRegistry<() => void>((release) => release()));

/**
 * Calls `release` some time after `target` is garbage-collected (on a later turn of the event loop). `release` must
 * not hold `target`, or it is never collected.
 */
export function whenCollected(target: object, release: () => void): void {
  finalizers.register(target, release);
}
