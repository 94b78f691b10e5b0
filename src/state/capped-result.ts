import { DEFAULT_MAX_RESULT_CHARS, truncateForModel } from "../content/truncate-for-model.js";
import { type ToolResult, renderToolResult, shownContent } from "../tool/tool-result.js";

/**
 * Returns a final result (a background task's, an approved call's) as a shared store keeps it: whole when its JSON fits the budget (the tool's or
 * agent's `maxResultChars`, else the result's own, else `DEFAULT_MAX_RESULT_CHARS`), else with its content replaced by the text the model would
 * read, cut to that budget with the usual notice (a failure keeps its code, its message cut the same way). So a
 * huge result cannot fill the store; another replica reads what a model would, and the process that ran the task
 * keeps the whole result for its own waiters.
 */
export function cappedForStore(result: ToolResult, maxResultChars?: number): ToolResult {
  const max = maxResultChars ?? result.maxResultChars ?? DEFAULT_MAX_RESULT_CHARS;
  if (jsonLength(result) <= max) return result;
  if (!result.ok)
    return { ...result, error: { ...result.error, message: truncateForModel(result.error.message, max) } };
  const { toolName, callId } = result;
  // Rendered bare: a reader's result builder adds the untrusted envelope, notice and edit note from the fields kept.
  const text = renderToolResult({ ok: true, outcome: "success", toolName, callId, content: shownContent(result) });
  const { modelContent: _dropped, ...kept } = result;
  return { ...kept, content: truncateForModel(text, max) };
}

// Content JSON cannot encode (a BigInt) counts as over any budget: its rendering says what is wrong with it.
function jsonLength(result: ToolResult): number {
  try {
    return JSON.stringify(result)?.length ?? 0;
  } catch {
    return Number.POSITIVE_INFINITY;
  }
}
