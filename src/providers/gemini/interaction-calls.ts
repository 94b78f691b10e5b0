import type { ParsedToolCall } from "../../tool/tool-call.js";
import { textOf } from "../call-text.js";

/** A step of a Gemini Interactions response (`Interactions.Step` of @google/genai); only `function_call` steps matter. */
export interface GeminiInteractionStepLike {
  readonly type: string;
}

/** An Interaction (`Interactions.Interaction`), or its `steps`. */
export type GeminiInteractionLike =
  { readonly steps?: readonly GeminiInteractionStepLike[] | undefined } | readonly GeminiInteractionStepLike[];

/**
 * Returns the function calls of a Gemini Interactions response: its `function_call` steps
 * (`{ type: "function_call", id, name, arguments }`), each as `{ id, name, arguments }`.
 * @example
 * for (const call of parseGeminiInteractionCalls(interaction)) { ... }
 */
export function parseGeminiInteractionCalls(interaction: GeminiInteractionLike): ParsedToolCall[] {
  const steps: readonly GeminiInteractionStepLike[] = Array.isArray(interaction)
    ? interaction
    : ((interaction as { steps?: readonly GeminiInteractionStepLike[] }).steps ?? []);
  return steps.flatMap((step): ParsedToolCall[] => {
    if (step.type !== "function_call") return [];
    const call = step as unknown as Record<string, unknown>;
    return [{ id: textOf(call.id), name: textOf(call.name), arguments: call.arguments ?? {} }];
  });
}
