import { createAsyncStorage, type AsyncStorage } from "../runtime/async-storage.js";
import type { ToolCallContext } from "../tool/tool.js";

/** Where a call's context comes from: made on first read (a `CallRequest`), so a call nobody asks about makes none. */
export interface CallContextSource {
  context(): ToolCallContext;
}

// The call whose handler is running synchronously right now. Set around every handler invocation and put back after
// it, so `currentToolCall()` works in the synchronous part of any handler for the price of two assignments.
let running: CallContextSource | undefined;

// Created on the first call that needs the context after an `await`. On Node 20 the first `run` turns on promise
// hooks for the whole process, which makes every `await` of the application dearer, so no call pays for it unasked.
// Where the runtime has no AsyncLocalStorage (a browser, workerd without nodejs_compat) the storage follows only the
// synchronous part of a handler, as `running` does: the context after an `await` is what is lost there.
let storage: AsyncStorage<ToolCallContext> | undefined;

// Set by enableAsyncToolContext(): every call runs with its context tracked across awaits.
let everywhere = false;

/**
 * Returns the context of the tool call the current code runs in (also the second argument of a `@tool` method or a
 * registered function). It works anywhere in the synchronous part of a handler; after an `await`, in tools declared
 * with `asyncContext: true`, or in every tool once {@link enableAsyncToolContext} was called (both use
 * AsyncLocalStorage; see docs/performance.md for its cost).
 * @throws {Error} when called outside a tool call, or after an `await` in a tool that does not track its context.
 * @example
 * \@tool({ description: "Fetch a page", params: { url: p.string({ format: "uri" }) } })
 * async fetchPage({ url }: { url: string }) {
 *   const { signal } = currentToolCall(); // before the first await
 *   return (await fetch(url, { signal })).text();
 * }
 */
export function currentToolCall(): ToolCallContext {
  const context = running?.context() ?? storage?.getStore();
  if (context) return context;
  throw new Error(
    "currentToolCall() was called outside a tool call. Inside a handler it works before the first `await`; after " +
      "one, take the context from the handler's second argument (a @tool method's or a function's), or declare " +
      "the tool with `asyncContext: true` (or call enableAsyncToolContext() once) so it is tracked across awaits.",
  );
}

/** The tool call the current code runs in, or undefined outside one (or after an await in an untracked call). */
export function callerContext(): ToolCallContext | undefined {
  return running?.context() ?? storage?.getStore();
}

/**
 * Tracks `context` across the awaits of the code running now (the rest of a handler's body): called, in a handler's
 * synchronous part, by its first nested serial call, so that the handler's later nested calls are recognised too.
 * {@link runInCallContext} puts the store of its own caller back when the handler returns, so nothing leaks out.
 */
export function trackCallerFromHere(context: ToolCallContext): void {
  const store = (storage ??= createAsyncStorage<ToolCallContext>());
  if (store.getStore() !== context) store.enterWith(context);
}

/**
 * Makes `currentToolCall()` work after `await`s in every tool, as if each were declared with `asyncContext: true`.
 * Uses AsyncLocalStorage: on Node 20 every `await` in the process becomes slower once it is on (docs/performance.md).
 */
export function enableAsyncToolContext(): void {
  everywhere = true;
}

/**
 * Runs `fn(a, b, c, d)` with the context of `source` as the current tool call (made when something reads it): for its synchronous part always, and across its
 * awaits when `acrossAwaits` is true, async tracking was enabled for every tool, or the caller itself runs in a
 * tracked call (a nested call must not see its parent's context after an await). Four arguments, passed through rather
 * than closed over or gathered into a rest array: this runs on every call, and a closure or an array per call is
 * garbage.
 */
export function runInCallContext<A, B, C, D, T>(
  source: CallContextSource,
  acrossAwaits: boolean | undefined,
  fn: (a: A, b: B, c: C, d: D) => T,
  a: A,
  b: B,
  c: C,
  d: D,
): T {
  const outer = running;
  running = source;
  const tracked = acrossAwaits || everywhere || storage?.getStore() !== undefined;
  try {
    // Arguments are passed through rather than closed over: this runs on every call, and a closure per call is garbage.
    if (tracked) return (storage ??= createAsyncStorage<ToolCallContext>()).run(source.context(), fn, a, b, c, d);
    return fn(a, b, c, d);
  } finally {
    running = outer;
    // An untracked caller: what a nested serial call inside fn entered (trackCallerFromHere) stays with fn's awaits.
    if (!tracked && storage?.getStore() !== undefined) storage!.enterWith(undefined as unknown as ToolCallContext);
  }
}
