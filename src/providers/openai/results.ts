import type { ToolCall } from "../../tool/tool-call.js";
import { type ToolResult, renderToolResult } from "../../tool/tool-result.js";
import type { OpenAIApi } from "./export.js";

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

/**
 * Returns what answers a tool call: with `api: "chat"` (the default) the Chat Completions `tool` message, with
 * `api: "responses"` the `function_call_output` item. OpenAI has no error flag: a failure reads
 * `Error (CODE): message`, which the model can act on.
 * @example
 * messages.push(toOpenAIToolResult(call, await agent.callTool(call.name, call.arguments, { callId: call.id })));
 */
export function toOpenAIToolResult(
  call: ToolCall,
  result: ToolResult,
  options?: { api?: "chat" },
): OpenAIChatToolMessage;
export function toOpenAIToolResult(
  call: ToolCall,
  result: ToolResult,
  options: { api: "responses" },
): OpenAIResponsesToolOutput;
export function toOpenAIToolResult(
  call: ToolCall,
  result: ToolResult,
  options: { api?: OpenAIApi } = {},
): OpenAIChatToolMessage | OpenAIResponsesToolOutput {
  const id = call.id ?? result.callId;
  if (options.api === "responses")
    return { type: "function_call_output", call_id: id, output: renderToolResult(result) };
  return { role: "tool", tool_call_id: id, content: renderToolResult(result) };
}
