/** How Gemini may call functions: `AUTO`, `ANY` (a call is required), `NONE`, or `VALIDATED` (calls or text, but a call always fits its schema). */
export type GeminiCallingMode = "AUTO" | "ANY" | "NONE" | "VALIDATED";

/** The `toolConfig` of a `generateContent` request (`ToolConfig` of @google/genai). */
export interface GeminiToolConfig {
  functionCallingConfig: { mode: GeminiCallingMode; allowedFunctionNames?: string[] };
}

/** The `tool_choice` of an Interactions request (`ToolChoiceType` or `ToolChoiceConfig` of @google/genai). */
export type GeminiInteractionsToolChoice =
  | "auto"
  | "any"
  | "none"
  | "validated"
  | { allowed_tools: { mode: "auto" | "any" | "none" | "validated"; tools: string[] } };

/**
 * Returns Gemini's function-calling configuration for `mode`, limited to the tools named in `allowed` when given:
 * for `generateContent`, the request's `toolConfig`; with `api: "interactions"`, the `tool_choice` of the
 * generation config. `VALIDATED` lets the model answer in text or call a function, and constrains any call to the
 * function's schema.
 * @example
 * config: { tools: [{ functionDeclarations }], toolConfig: geminiToolConfig("VALIDATED") }
 */
export function geminiToolConfig(
  mode: GeminiCallingMode,
  options?: { readonly allowed?: readonly string[]; readonly api?: "generateContent" },
): GeminiToolConfig;
export function geminiToolConfig(
  mode: GeminiCallingMode,
  options: { readonly allowed?: readonly string[]; readonly api: "interactions" },
): GeminiInteractionsToolChoice;
export function geminiToolConfig(
  mode: GeminiCallingMode,
  options: { readonly allowed?: readonly string[]; readonly api?: "generateContent" | "interactions" } = {},
): GeminiToolConfig | GeminiInteractionsToolChoice {
  const allowed = options.allowed === undefined ? undefined : [...options.allowed];
  if (options.api === "interactions") {
    const lower = mode.toLowerCase() as "auto" | "any" | "none" | "validated";
    return allowed === undefined ? lower : { allowed_tools: { mode: lower, tools: allowed } };
  }
  return { functionCallingConfig: allowed === undefined ? { mode } : { mode, allowedFunctionNames: allowed } };
}
