import type { ParsedToolCall } from "../../tool/tool-call.js";
import { isPlainObject } from "../../schema/json.js";

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
