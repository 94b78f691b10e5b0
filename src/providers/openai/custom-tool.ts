import type { ExportableTool } from "../../tool/exportable-tool.js";
import { withExamples } from "../example-text.js";
import type { OpenAIResponsesOutputItem } from "./result-parts.js";

/** An OpenAI Responses custom tool with a grammar (`CustomTool` in the openai package, `format` a `Grammar`). */
export interface OpenAICustomTool {
  type: "custom";
  name: string;
  description: string;
  format: { type: "grammar"; syntax: "lark" | "regex"; definition: string };
  /** From the tool's `allowedCallers`, as on a function tool. */
  allowed_callers?: ("direct" | "programmatic")[];
}

/** The Responses API input item answering a custom tool call (`ResponseCustomToolCallOutput` in the openai package). */
export interface OpenAICustomToolOutput {
  type: "custom_tool_call_output";
  call_id: string;
  output: string | OpenAICustomOutputItem[];
}

/**
 * One item of a `custom_tool_call_output` list: as in a function call's output, but an image names its `detail`,
 * which the SDK's `ResponseInputImage` requires here (`"auto"` unless set).
 */
export type OpenAICustomOutputItem =
  | Exclude<OpenAIResponsesOutputItem, { type: "input_image" }>
  | { type: "input_image"; image_url: string; detail: "low" | "high" | "auto" };

/** Returns the output items of a function call's output as a custom tool call's output takes them. */
export function customOutputItems(items: readonly OpenAIResponsesOutputItem[]): OpenAICustomOutputItem[] {
  return items.map((item) => (item.type === "input_image" ? { ...item, detail: item.detail ?? "auto" } : item));
}

/** Returns the custom tool a tool with a `grammar` becomes on the Responses API; its examples stay in the description. */
export function toCustomTool(
  tool: ExportableTool & { readonly grammar: NonNullable<ExportableTool["grammar"]> },
): OpenAICustomTool {
  const { syntax, definition } = tool.grammar;
  return {
    type: "custom",
    name: tool.name,
    description: withExamples(tool.description, tool.examples),
    format: { type: "grammar", syntax, definition },
  };
}
