import type { ToolCall } from "../../tool/tool-call.js";
import { type ToolResult, renderToolResult } from "../../tool/tool-result.js";
import type { OpenAIApi } from "./export.js";
import { isToolSearchReport } from "../tool-search/search-tools.js";
import { TOOL_SEARCH_TOOL } from "../tool-search/tool-search-spec.js";
import {
  type OpenAINamespaceTool,
  type OpenAIResponsesFunction,
  type OpenAIResponsesToolEntry,
  loadedDefinitions,
} from "./tool-search.js";

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

/** The Responses API input item answering a client-executed `tool_search_call` (`ResponseToolSearchOutputItemParam`). */
export interface OpenAIToolSearchOutput {
  type: "tool_search_output";
  call_id: string;
  execution: "client";
  status: "completed";
  /** The definitions the search loaded, taken from the tool list sent to the model. */
  tools: (OpenAIResponsesFunction | OpenAINamespaceTool)[];
}

/**
 * Returns what answers a tool call: with `api: "chat"` (the default) the Chat Completions `tool` message, with
 * `api: "responses"` the `function_call_output` item. OpenAI has no error flag: a failure reads
 * `Error (CODE): message`, which the model can act on. With `api: "responses"` and `tools` (the list sent with
 * `toolSearch: "client"`), a `tool_search` call is answered by a `tool_search_output` item carrying the definitions
 * of the tools it found (none when the search failed).
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
  options: { api: "responses"; tools?: undefined },
): OpenAIResponsesToolOutput;
export function toOpenAIToolResult(
  call: ToolCall,
  result: ToolResult,
  options: { api: "responses"; tools: readonly OpenAIResponsesToolEntry[] },
): OpenAIResponsesToolOutput | OpenAIToolSearchOutput;
export function toOpenAIToolResult(
  call: ToolCall,
  result: ToolResult,
  options: { api?: OpenAIApi; tools?: readonly OpenAIResponsesToolEntry[] | undefined } = {},
): OpenAIChatToolMessage | OpenAIResponsesToolOutput | OpenAIToolSearchOutput {
  const id = call.id ?? result.callId;
  if (options.api === "responses" && options.tools && call.name === TOOL_SEARCH_TOOL) {
    const names = result.ok && isToolSearchReport(result.content) ? result.content.tools.map((t) => t.name) : [];
    const tools = loadedDefinitions(options.tools, names);
    return { type: "tool_search_output", call_id: id, execution: "client", status: "completed", tools };
  }
  if (options.api === "responses")
    return { type: "function_call_output", call_id: id, output: renderToolResult(result) };
  return { role: "tool", tool_call_id: id, content: renderToolResult(result) };
}
