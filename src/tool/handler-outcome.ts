import type { ToolResult } from "./tool-result.js";

/** What a handler run produced: the result for the model, and the original exception when it failed. */
export interface HandlerOutcome {
  readonly result: ToolResult;
  readonly error?: unknown;
  /** The handler threw or rejected (the only failure worth a retry). */
  readonly thrown?: boolean;
}
