import type { ParsedToolCall } from "../../tool/tool-call.js";
import { textOf } from "../call-text.js";
import { grammarParameter } from "../../schema/check-grammar-tool.js";
import type { ExportableTool } from "../../tool/exportable-tool.js";
import type { OpenAIApi } from "./export.js";
import { TOOL_SEARCH_TOOL } from "../tool-search/tool-search-spec.js";

/** The part of an OpenAI Chat Completions assistant message that holds tool calls (`ChatCompletionMessage`). */
export interface OpenAIChatMessageLike {
  readonly tool_calls?:
    | readonly {
        readonly id: string;
        readonly type: string;
        readonly function?: { readonly name: string; readonly arguments: string };
      }[]
    | null
    | undefined;
}

/** Something with a `type`, such as an output item of the Responses API or a content block of Anthropic. */
export interface TypedItem {
  readonly type: string;
}

/** A Responses API response, or its `output` array. */
export type OpenAIResponsesOutputLike = { readonly output: readonly TypedItem[] } | readonly TypedItem[];

/**
 * Returns the function tool calls of an OpenAI response: with `api: "chat"` (the default) a Chat Completions message
 * (`completion.choices[0].message`; custom free-text tool calls are skipped), with `api: "responses"` the
 * `function_call` items of a Responses API response or of its `output` array (with the `namespace` of a call to a
 * namespaced tool), its client-executed `tool_search_call` items as calls of `tool_search`, and its `custom_tool_call`
 * items (marked `custom: true`) with their text as the tool's one string parameter: the parameter `tools` (e.g.
 * `agent.tools()`) names for that tool, or `input` without them.
 * @example
 * for (const call of parseOpenAIToolCalls(completion.choices[0].message)) { ... }
 * for (const call of parseOpenAIToolCalls(response, { api: "responses" })) { ... }
 */
export function parseOpenAIToolCalls(message: OpenAIChatMessageLike, options?: { api?: "chat" }): ParsedToolCall[];
export function parseOpenAIToolCalls(
  response: OpenAIResponsesOutputLike,
  options: { api: "responses"; tools?: readonly ExportableTool[] },
): ParsedToolCall[];
export function parseOpenAIToolCalls(
  input: OpenAIChatMessageLike | OpenAIResponsesOutputLike,
  options: { api?: OpenAIApi; tools?: readonly ExportableTool[] } = {},
): ParsedToolCall[] {
  if (options.api === "responses") return responsesCalls(input as OpenAIResponsesOutputLike, options.tools);
  return ((input as OpenAIChatMessageLike).tool_calls ?? [])
    .filter((call) => call.type === "function" && call.function !== undefined)
    .map((call) => ({ id: call.id, name: call.function!.name, arguments: call.function!.arguments }));
}

function responsesCalls(
  response: OpenAIResponsesOutputLike,
  tools: readonly ExportableTool[] | undefined,
): ParsedToolCall[] {
  const output: readonly TypedItem[] = Array.isArray(response)
    ? response
    : (response as { readonly output: readonly TypedItem[] }).output;
  return output.flatMap((item): ParsedToolCall[] => {
    const call = item as unknown as Record<string, unknown>;
    // OpenAI runs server-executed searches itself; only the app's own ones are calls to answer.
    if (item.type === "tool_search_call" && call.execution === "client")
      return [{ id: textOf(call.call_id), name: TOOL_SEARCH_TOOL, arguments: call.arguments ?? {} }];
    if (item.type === "custom_tool_call") {
      const name = textOf(call.name);
      // The call carries one text; it becomes the tool's one string parameter, named by the tool when given.
      const schema = tools?.find((t) => t.name === name)?.inputSchema;
      const parameter = (schema && grammarParameter(schema)) ?? "input";
      return [{ id: textOf(call.call_id), name, arguments: { [parameter]: textOf(call.input) }, custom: true }];
    }
    if (item.type !== "function_call") return [];
    const parsed = { id: textOf(call.call_id), name: textOf(call.name), arguments: call.arguments };
    return typeof call.namespace === "string" ? [{ ...parsed, namespace: call.namespace }] : [parsed];
  });
}
