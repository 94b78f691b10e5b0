import type { ObjectSchemaObject } from "../../schema/json.js";

/**
 * A function tool of Gemini's Interactions API (`Interactions.Function` of @google/genai: `{ type: "function", name,
 * description, parameters }`, `parameters` a JSON Schema).
 */
export interface GeminiInteractionsFunction {
  type: "function";
  name: string;
  description: string;
  parameters?: ObjectSchemaObject;
}

/** Returns the Interactions form of declarations planned in JSON Schema mode (the same schema, another envelope). */
export function toInteractionsFunctions(
  declarations: readonly { name: string; description: string; parametersJsonSchema?: ObjectSchemaObject }[],
): GeminiInteractionsFunction[] {
  return declarations.map(({ name, description, parametersJsonSchema }) =>
    parametersJsonSchema === undefined
      ? { type: "function", name, description }
      : { type: "function", name, description, parameters: parametersJsonSchema },
  );
}
