import { AsyncLocalStorage } from "node:async_hooks";
import type { CallingAgent, ToolFlags, ToolSpec } from "../tool/tool.js";

/** What a running handler can know about its call. */
export interface ToolCallContext {
  /** Aborted when the call is cancelled or times out: pass it on to fetch, streams and child processes. */
  readonly signal: AbortSignal;
  /** The agent that made the call; undefined for a registry dispatch without an agent. */
  readonly agent: CallingAgent | undefined;
  /** The id of the model's tool call, or a generated one. */
  readonly callId: string;
  /** The tool being run. */
  readonly tool: ToolSpec & ToolFlags;
}

const storage = new AsyncLocalStorage<ToolCallContext>();

/**
 * Returns the context of the tool call the current code runs in, from inside any handler (`@tool`, `@builtinTool` or a
 * registered function), however deep in its async work.
 * @throws {Error} when called outside a tool call.
 * @example
 * \@tool({ description: "Fetch a page", params: { url: p.string({ format: "uri" }) } })
 * async fetchPage({ url }: { url: string }) {
 *   const { signal } = currentToolCall();
 *   return (await fetch(url, { signal })).text();
 * }
 */
export function currentToolCall(): ToolCallContext {
  const context = storage.getStore();
  if (!context)
    throw new Error("currentToolCall() was called outside a tool call; call it from inside a tool handler.");
  return context;
}

/** Runs `fn(...args)` with `context` as the current tool call. */
export function runInCallContext<A extends unknown[], T>(
  context: ToolCallContext,
  fn: (...args: A) => T,
  ...args: A
): T {
  // Arguments are passed through rather than closed over: this runs on every call, and a closure per call is garbage.
  return storage.run(context, fn, ...args);
}
