import { type ToolResult, renderToolResult } from "../dispatch/tool-result.js";
import { cloneJson } from "./exportable-tool.js";
import type { ParsedToolCall } from "./tool-calls.js";

/** The call a result answers: its id and its tool's name (a {@link ParsedToolCall} fits). */
export type ToolCallRef = Pick<ParsedToolCall, "id" | "name">;

/** An OpenAI Chat Completions tool message (`ChatCompletionToolMessageParam`). */
export interface OpenAIChatToolMessage {
  role: "tool";
  tool_call_id: string;
  content: string;
}

/** An OpenAI Responses API input item answering a function call (`ResponseInputItem.FunctionCallOutput`). */
export interface OpenAIResponsesToolOutput {
  type: "function_call_output";
  call_id: string;
  output: string;
}

/** An Anthropic tool result block (`ToolResultBlockParam`); send it in a `user` message. */
export interface AnthropicToolResultBlock {
  type: "tool_result";
  tool_use_id: string;
  content: string;
  is_error: boolean;
}

/** A Gemini function response part (`Part` of @google/genai); send it in a `user` content. */
export interface GeminiFunctionResponsePart {
  functionResponse: { id?: string; name: string; response: Record<string, unknown> };
}

/**
 * Returns the Chat Completions message that answers a tool call. OpenAI has no error flag: a failure reads
 * `Error (CODE): message`, which the model can act on.
 * @example messages.push(toOpenAIChatToolMessage(call, await agent.callTool(call.name, call.arguments, { callId: call.id })));
 */
export function toOpenAIChatToolMessage(call: ToolCallRef, result: ToolResult): OpenAIChatToolMessage {
  return { role: "tool", tool_call_id: call.id, content: renderToolResult(result) };
}

/** Returns the Responses API `function_call_output` item that answers a function call. */
export function toOpenAIResponsesToolOutput(call: ToolCallRef, result: ToolResult): OpenAIResponsesToolOutput {
  return { type: "function_call_output", call_id: call.id, output: renderToolResult(result) };
}

/** Returns the Anthropic `tool_result` block that answers a `tool_use` block; `is_error` is true when the call failed. */
export function toAnthropicToolResult(call: ToolCallRef, result: ToolResult): AnthropicToolResultBlock {
  return { type: "tool_result", tool_use_id: call.id, content: renderToolResult(result), is_error: !result.ok };
}

/**
 * Returns the Gemini `functionResponse` part that answers a function call: `{ output }` on success and
 * `{ error: { code, message, issues? } }` on failure, the two keys the API documents for `response`.
 */
export function toGeminiFunctionResponse(call: ToolCallRef, result: ToolResult): GeminiFunctionResponsePart {
  const response: Record<string, unknown> = result.ok
    ? { output: cloneJson(result.content) ?? null }
    : {
        error: cloneJson({
          code: result.error?.code ?? "TOOL_FAILED",
          message: result.error?.message ?? result.outcome,
          issues: result.error?.issues,
        }),
      };
  const functionResponse: GeminiFunctionResponsePart["functionResponse"] = { name: call.name, response };
  if (call.id !== "") functionResponse.id = call.id;
  return { functionResponse };
}
