import type { Tool as AiSdkTool, JSONValue } from "ai";
import type { ToolResult } from "../../tool/tool-result.js";
import { modelText } from "../agent-bridge.js";

/** What the model reads of a tool's result: the SDK's ToolResultOutput, which `ai` does not export under that name. */
export type ModelOutput = Awaited<
  ReturnType<NonNullable<AiSdkTool<Record<string, unknown>, ToolResult>["toModelOutput"]>>
>;

/** Returns what the model reads of a result: text, JSON, or error text for a failure. */
export function toModelOutput(result: ToolResult): ModelOutput {
  if (!result.ok) return { type: "error-text", value: modelText(result) };
  if (typeof result.content === "string" || result.content === undefined) {
    return { type: "text", value: modelText(result) };
  }
  // A handler's value is JSON-serialisable by contract (ToolResult is plain data).
  return { type: "json", value: result.content as JSONValue };
}
