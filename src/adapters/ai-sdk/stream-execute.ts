import type { ToolProgressEvent } from "../../tool/tool-progress.js";
import type { ToolResult } from "../../tool/tool-result.js";
import type { Tool } from "../../tool/tool.js";
import { definitionOfTool } from "../../tool/tool-definition.js";

/** Which tools stream their progress to the AI SDK: the `async *` ones (default), every tool, or none. */
export type StreamProgress = "generators" | "all" | "none";

/** Tells whether a tool's `execute` should stream its progress. */
export function streams(tool: Tool, mode: StreamProgress = "generators"): boolean {
  if (mode === "generators") return definitionOfTool(tool)?.streams === true;
  return mode === "all";
}

/**
 * Runs one call and yields its progress as it comes, then its result: the async iterable an AI SDK `execute` may
 * return, whose every yield the SDK reports as a preliminary tool result (`onPreliminaryToolResult`, a UI part with
 * `preliminary: true`) and whose last yield (the result) is the output the model reads. A preliminary output is a
 * {@link ToolProgressEvent}, never a {@link ToolResult}: `isToolResult` tells them apart.
 */
export async function* streamCall(
  start: (onProgress: (update: ToolProgressEvent) => void) => Promise<ToolResult>,
): AsyncGenerator<ToolProgressEvent | ToolResult, void, undefined> {
  const queue: ToolProgressEvent[] = [];
  let wake: (() => void) | undefined;
  let settled: { readonly result: ToolResult } | { readonly error: unknown } | undefined;
  start((update) => {
    queue.push(update);
    wake?.();
  }).then(
    (result) => {
      settled = { result };
      wake?.();
    },
    (error: unknown) => {
      settled = { error };
      wake?.();
    },
  );
  for (;;) {
    while (queue.length > 0) yield queue.shift()!;
    if (settled !== undefined) break;
    // Nothing runs between the checks above and this line, so no update or settlement can slip past the wait.
    await new Promise<void>((resolve) => (wake = resolve));
    wake = undefined;
  }
  if ("error" in settled) throw settled.error;
  yield settled.result;
}
