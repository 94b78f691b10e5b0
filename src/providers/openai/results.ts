import type { ParsedToolCall, ToolCall } from "../../tool/tool-call.js";
import { type OpenAICustomToolOutput, customOutputItems } from "./custom-tool.js";
import type { ToolResult } from "../../tool/tool-result.js";
import { type ModelOutputOptions, modelOutput } from "../../tool/model-output.js";
import { partsText } from "../../content/part-text.js";
import type { ContentPart } from "../../content/content-part.js";
import { type OpenAIResponsesOutputItem, responsesItem } from "./result-parts.js";
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

/**
 * An OpenAI Responses API input item answering a function call (`ResponseInputItem.FunctionCallOutput`): text, or,
 * for a result with images or files, the list of `input_text`, `input_image` and `input_file` items.
 */
export interface OpenAIResponsesToolOutput {
  type: "function_call_output";
  call_id: string;
  output: string | OpenAIResponsesOutputItem[];
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

/** Options of {@link toOpenAIToolResult}. */
export interface OpenAIToolResultOptions extends ModelOutputOptions {
  /** `"chat"` (the default) or `"responses"`. */
  api?: OpenAIApi;
  /** With `api: "responses"`: the tool list sent with `toolSearch: "client"`, to answer `tool_search` calls. */
  tools?: readonly OpenAIResponsesToolEntry[] | undefined;
}

/**
 * Returns what answers a tool call: with `api: "chat"` (the default) the Chat Completions `tool` message, with
 * `api: "responses"` the `function_call_output` item (`custom_tool_call_output` for a call parsed as `custom`). OpenAI has no error flag: a failure reads
 * `Error (CODE): message`, which the model can act on. Under `"responses"`, a result with images or files answers
 * with an output list (`input_text`, `input_image`, `input_file`); a Chat `tool` message carries text only, so its
 * media are named there and left out (use `toOpenAIChatToolMessages` to send them in a follow-up user message).
 * Text beyond `maxResultChars` (default 50,000) is cut to its head and tail. With `api: "responses"` and `tools` (the
 * list sent with `toolSearch: "client"`), a `tool_search` call is answered by a `tool_search_output` item carrying
 * the definitions of the tools it found (none when the search failed).
 * @example
 * messages.push(toOpenAIToolResult(call, await agent.callTool(call.name, call.arguments, { callId: call.id })));
 */
export function toOpenAIToolResult(
  call: ToolCall,
  result: ToolResult,
  options?: ModelOutputOptions & { api?: "chat" },
): OpenAIChatToolMessage;
export function toOpenAIToolResult(
  call: ToolCall,
  result: ToolResult,
  options: ModelOutputOptions & { api: "responses"; tools?: undefined },
): OpenAIResponsesToolOutput | OpenAICustomToolOutput;
export function toOpenAIToolResult(
  call: ToolCall,
  result: ToolResult,
  options: ModelOutputOptions & { api: "responses"; tools: readonly OpenAIResponsesToolEntry[] },
): OpenAIResponsesToolOutput | OpenAICustomToolOutput | OpenAIToolSearchOutput;
export function toOpenAIToolResult(
  call: ToolCall,
  result: ToolResult,
  options: OpenAIToolResultOptions = {},
): OpenAIChatToolMessage | OpenAIResponsesToolOutput | OpenAICustomToolOutput | OpenAIToolSearchOutput {
  const id = call.id ?? result.callId;
  if (options.api === "responses" && options.tools && call.name === TOOL_SEARCH_TOOL) {
    const names = result.ok && isToolSearchReport(result.content) ? result.content.tools.map((t) => t.name) : [];
    const tools = loadedDefinitions(options.tools, names);
    return { type: "tool_search_output", call_id: id, execution: "client", status: "completed", tools };
  }
  const { parts } = modelOutput(result, options);
  const only = parts.length === 1 && parts[0]!.type === "text" ? parts[0]!.text : undefined;
  if (options.api === "responses") {
    const output = only ?? parts.map(responsesItem);
    // A custom tool call is answered in its own item type; a function_call_output for it is refused.
    if ((call as ParsedToolCall).custom) {
      return {
        type: "custom_tool_call_output",
        call_id: id,
        output: typeof output === "string" ? output : customOutputItems(output),
      };
    }
    return { type: "function_call_output", call_id: id, output };
  }
  const text = only ?? partsText(parts, (part) => (isMedium(part) ? CHAT_TEXT_ONLY : undefined));
  return { role: "tool", tool_call_id: id, content: text };
}

const CHAT_TEXT_ONLY = "not sent: Chat Completions tool messages carry text only";
const isMedium = (part: ContentPart) => part.type === "image" || part.type === "audio" || part.type === "file";
