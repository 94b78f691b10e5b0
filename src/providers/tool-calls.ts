import { isPlainObject } from "../params/json-schema.js";

/** A tool call a model made, in one shape for every provider; pass it to `agent.callTool(call.name, call.arguments, { callId: call.id })`. */
export interface ParsedToolCall {
  /** The provider's id of the call, to pair the result with it (`""` when Gemini sent none). */
  readonly id: string;
  /** The tool's name. */
  readonly name: string;
  /** The arguments as the provider sent them: JSON text (OpenAI) or an object (Anthropic, Gemini). */
  readonly arguments: unknown;
}

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

/** A Gemini function call part (`Part` of @google/genai). */
export interface GeminiPartLike {
  readonly functionCall?:
    | {
        readonly id?: string | undefined;
        readonly name?: string | undefined;
        readonly args?: Record<string, unknown> | undefined;
      }
    | undefined;
}

/** A Gemini response (`GenerateContentResponse`), or one `Content`, or its parts. */
export type GeminiResponseLike =
  | {
      readonly candidates?:
        | readonly { readonly content?: { readonly parts?: readonly GeminiPartLike[] | undefined } | undefined }[]
        | undefined;
    }
  | { readonly parts?: readonly GeminiPartLike[] | undefined }
  | readonly GeminiPartLike[];

const text = (value: unknown): string => (typeof value === "string" ? value : "");

/**
 * Returns the function tool calls of an OpenAI Chat Completions message (`completion.choices[0].message`).
 * Custom (free-text) tool calls are skipped.
 */
export function parseOpenAIChatToolCalls(message: OpenAIChatMessageLike): ParsedToolCall[] {
  return (message.tool_calls ?? [])
    .filter((call) => call.type === "function" && call.function !== undefined)
    .map((call) => ({ id: call.id, name: call.function!.name, arguments: call.function!.arguments }));
}

/** Returns the `function_call` items of an OpenAI Responses API response (or of its `output` array). */
export function parseOpenAIResponsesToolCalls(
  response: { readonly output: readonly TypedItem[] } | readonly TypedItem[],
): ParsedToolCall[] {
  const output: readonly TypedItem[] = Array.isArray(response)
    ? response
    : (response as { readonly output: readonly TypedItem[] }).output;
  return output
    .filter((item) => item.type === "function_call")
    .map((item) => {
      const call = item as unknown as Record<string, unknown>;
      return { id: text(call.call_id), name: text(call.name), arguments: call.arguments };
    });
}

/** Returns the `tool_use` blocks of an Anthropic message (or of its `content` array). */
export function parseAnthropicToolCalls(
  message: { readonly content: readonly TypedItem[] } | readonly TypedItem[],
): ParsedToolCall[] {
  const content: readonly TypedItem[] = Array.isArray(message)
    ? message
    : (message as { readonly content: readonly TypedItem[] }).content;
  return content
    .filter((block) => block.type === "tool_use")
    .map((block) => {
      const use = block as unknown as Record<string, unknown>;
      return { id: text(use.id), name: text(use.name), arguments: use.input ?? {} };
    });
}

/** Returns the function calls of a Gemini response (its first candidate), of a `Content`, or of a list of parts. */
export function parseGeminiToolCalls(response: GeminiResponseLike): ParsedToolCall[] {
  let parts: readonly GeminiPartLike[];
  if (Array.isArray(response)) parts = response;
  else if (isPlainObject(response) && "parts" in response)
    parts = (response as { parts?: readonly GeminiPartLike[] }).parts ?? [];
  else
    parts =
      (response as { candidates?: readonly { content?: { parts?: readonly GeminiPartLike[] } }[] }).candidates?.[0]
        ?.content?.parts ?? [];
  return parts.flatMap((part) => {
    const call = part.functionCall;
    if (call?.name === undefined) return [];
    return [{ id: call.id ?? "", name: call.name, arguments: call.args ?? {} }];
  });
}
