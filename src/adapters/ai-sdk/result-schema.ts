import { type JSONSchema7, jsonSchema } from "ai";
import type { JsonSchema } from "../../params/json-schema.js";
import type { ToolResult } from "../../tool/tool-result.js";

/** The SDK's schema of a tool's output, built with its own `jsonSchema`. */
export type AiSdkOutputSchema = ReturnType<typeof jsonSchema<ToolResult>>;

/**
 * Returns the schema of what an adapted tool's `execute` gives the SDK: toolwright's `ToolResult`, whose `content` is
 * the tool's value on success (its `returns` schema). Undefined for a tool without `returns`. No `validate`: dispatch
 * already checked the value (a value that broke it is a failed result), so the SDK takes the output as it is; the
 * schema describes it to the app (`validateUIMessages`, typed UIs).
 */
export function resultSchema(outputSchema: JsonSchema | undefined): AiSdkOutputSchema | undefined {
  if (outputSchema === undefined) return undefined;
  // Definitions move to the root, where the value schema's `#/$defs/...` references still find them.
  const { $defs, ...value } = structuredClone(outputSchema) as Record<string, unknown>;
  const envelope = {
    type: "object",
    description: "toolwright's ToolResult: on success (ok: true) `content` is the tool's value",
    properties: {
      ok: { type: "boolean" },
      outcome: { type: "string" },
      toolName: { type: "string" },
      callId: { type: "string" },
      content: value,
    },
    required: ["ok", "outcome", "toolName", "callId"],
    ...($defs !== undefined && { $defs }),
  };
  return jsonSchema<ToolResult>(envelope as unknown as JSONSchema7);
}
