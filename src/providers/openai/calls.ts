import type { ParsedToolCall } from "../../tool/tool-call.js";
import { textOf } from "../call-text.js";
import type { OpenAIApi } from "./export.js";

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
 * `function_call` items of a Responses API response or of its `output` array.
 * @example
 * for (const call of parseOpenAIToolCalls(completion.choices[0].message)) { ... }
 * for (const call of parseOpenAIToolCalls(response, { api: "responses" })) { ... }
 */
export function parseOpenAIToolCalls(message: OpenAIChatMessageLike, options?: { api?: "chat" }): ParsedToolCall[];
export function parseOpenAIToolCalls(
  response: OpenAIResponsesOutputLike,
  options: { api: "responses" },
): ParsedToolCall[];
export function parseOpenAIToolCalls(
  input: OpenAIChatMessageLike | OpenAIResponsesOutputLike,
  options: { api?: OpenAIApi } = {},
): ParsedToolCall[] {
  if (options.api === "responses") return responsesCalls(input as OpenAIResponsesOutputLike);
  return ((input as OpenAIChatMessageLike).tool_calls ?? [])
    .filter((call) => call.type === "function" && call.function !== undefined)
    .map((call) => ({ id: call.id, name: call.function!.name, arguments: call.function!.arguments }));
}

function responsesCalls(response: OpenAIResponsesOutputLike): ParsedToolCall[] {
  const output: readonly TypedItem[] = Array.isArray(response)
    ? response
    : (response as { readonly output: readonly TypedItem[] }).output;
  return output
    .filter((item) => item.type === "function_call")
    .map((item) => {
      const call = item as unknown as Record<string, unknown>;
      return { id: textOf(call.call_id), name: textOf(call.name), arguments: call.arguments };
    });
}
