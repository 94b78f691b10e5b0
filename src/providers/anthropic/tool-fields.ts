import { cloneJson } from "../../schema/json.js";
import type { FindingCollector } from "../../schema/finding.js";
import type { ExportableTool } from "../../tool/exportable-tool.js";

/** The callers Anthropic's `allowed_callers` takes (`Tool.allowed_callers` of @anthropic-ai/sdk 1.14). */
export type AnthropicCaller =
  "direct" | "code_execution_20250825" | "code_execution_20260120" | "code_execution_20260521";

const CALLERS: ReadonlySet<string> = new Set<AnthropicCaller>([
  "direct",
  "code_execution_20250825",
  "code_execution_20260120",
  "code_execution_20260521",
]);

/** The fields of an Anthropic tool that come from the tool's flags rather than its schema. */
export interface AnthropicToolFields {
  /** Example inputs, from the tool's `examples`. */
  input_examples?: Record<string, unknown>[];
  /** Who may call the tool: the model itself (`"direct"`) or code it runs in a code-execution tool. */
  allowed_callers?: AnthropicCaller[];
  /** Stream the tool's input as the model writes it, without buffering it to validate first. */
  eager_input_streaming?: boolean;
}

/**
 * Returns the fields `examples`, `allowedCallers` and `eagerInputStreaming` give an Anthropic tool, each only when
 * set, and records a finding for a caller Anthropic does not know (it would answer 400).
 */
export function anthropicToolFields(tool: ExportableTool, found: FindingCollector): AnthropicToolFields {
  const fields: AnthropicToolFields = {};
  if (tool.examples !== undefined) fields.input_examples = cloneJson(tool.examples) as Record<string, unknown>[];
  if (tool.allowedCallers !== undefined) {
    const unknown = tool.allowedCallers.filter((caller) => !CALLERS.has(caller));
    if (unknown.length > 0) {
      found.add(
        [],
        "anthropic.allowed-callers",
        "error",
        `allowed_callers takes ${[...CALLERS].join(", ")}; ${unknown.map((c) => JSON.stringify(c)).join(", ")} is not one.`,
      );
    }
    fields.allowed_callers = [...tool.allowedCallers] as AnthropicCaller[];
  }
  if (tool.eagerInputStreaming !== undefined) fields.eager_input_streaming = tool.eagerInputStreaming;
  return fields;
}
