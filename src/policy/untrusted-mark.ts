import type { ToolDefinition } from "../tool/tool-definition.js";
import type { ToolResult } from "../tool/tool-result.js";
import type { UntrustedMark } from "../tool/untrusted-output.js";

/** True when a tool's results are untrusted: its `untrustedOutput`, which defaults to its `openWorld`. */
export function untrustedOf(definition: Pick<ToolDefinition, "untrustedOutput" | "openWorld">): boolean {
  return definition.untrustedOutput ?? definition.openWorld === true;
}

/**
 * Returns `result` marked untrusted with a fresh nonce, when the handler's own text is in it (a value, or a failure
 * the handler threw, whose message may quote what it read); toolwright's own answers (invalid arguments, denied,
 * timed out, ...) are left as they are.
 */
export function markUntrusted(result: ToolResult, definition: ToolDefinition): ToolResult {
  if (!result.ok && result.error.code !== "TOOL_FAILED") return result;
  const untrusted: UntrustedMark =
    definition.outputSchema === undefined ? { nonce: nonce() } : { nonce: nonce(), declared: true };
  return { ...result, untrusted };
}

// 96 random bits as hex: no text written before the call can hold it.
function nonce(): string {
  const bytes = new Uint8Array(12);
  crypto.getRandomValues(bytes);
  let hex = "";
  for (let i = 0; i < bytes.length; i++) hex += bytes[i]!.toString(16).padStart(2, "0");
  return hex;
}
