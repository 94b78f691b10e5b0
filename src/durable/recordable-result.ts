import { ErrorCode } from "../errors/error-code.js";
import { resultOverJournalLimitText } from "../errors/model-messages.js";
import { type ToolResult, failureResult } from "../tool/tool-result.js";

/**
 * Returns `result` when its JSON fits in `maxBytes` (UTF-8), or else a small `INVALID_RESULT` failure that says so:
 * the value an engine whose journal has a limit can record, once, instead of failing the step and running the call
 * again on every retry. Without a limit, `result` as it is.
 */
export function recordable(result: ToolResult, maxBytes: number | undefined): ToolResult {
  if (maxBytes === undefined) return result;
  const bytes = jsonBytes(result, maxBytes);
  if (bytes <= maxBytes) return result;
  return failureResult(result.toolName, result.callId, "failed", {
    code: ErrorCode.InvalidResult,
    message: resultOverJournalLimitText(result.toolName, bytes, maxBytes),
  });
}

// The UTF-8 size of the value's JSON, counted only when it could be either side of the limit: a UTF-16 unit is at
// least one byte and at most three (a surrogate pair, two units, is four).
function jsonBytes(value: unknown, maxBytes: number): number {
  let text: string | undefined;
  try {
    text = JSON.stringify(value);
  } catch {
    // Not JSON at all: no engine can record it, so it is over any limit.
    return Number.POSITIVE_INFINITY;
  }
  if (text === undefined) return 0;
  return text.length * 3 <= maxBytes ? text.length : utf8Bytes(text);
}

// Counted by scanning, not by encoding: the text may be tens of megabytes.
function utf8Bytes(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        bytes += 4;
        i++;
      } else bytes += 3;
    } else bytes += 3;
  }
  return bytes;
}
