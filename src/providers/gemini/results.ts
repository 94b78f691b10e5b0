import { cloneJson } from "../../schema/json.js";
import type { ToolCall } from "../../tool/tool-call.js";
import type { ToolResult } from "../../tool/tool-result.js";

/** A Gemini function response part (`Part` of @google/genai); send it in a `user` content. */
export interface GeminiFunctionResponsePart {
  functionResponse: { id?: string; name: string; response: Record<string, unknown> };
}

/**
 * Returns the Gemini `functionResponse` part that answers a function call: `{ output }` on success and
 * `{ error: { code, message, issues? } }` on failure, the two keys the API documents for `response`.
 */
export function toGeminiToolResult(call: ToolCall, result: ToolResult): GeminiFunctionResponsePart {
  const response: Record<string, unknown> = result.ok
    ? { output: cloneJson(result.content) ?? null }
    : { error: cloneJson({ code: result.error.code, message: result.error.message, issues: result.error.issues }) };
  const functionResponse: GeminiFunctionResponsePart["functionResponse"] = { name: call.name, response };
  // Gemini may send calls without ids; answering with an id it never gave would confuse the pairing.
  if (call.id !== undefined && call.id !== "") functionResponse.id = call.id;
  return { functionResponse };
}
