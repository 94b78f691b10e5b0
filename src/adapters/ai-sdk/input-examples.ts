import type { Tool } from "../../tool/tool.js";

/**
 * Returns the AI SDK `tool()` field `inputExamples` for a tool's `examples` (`[{ input }]`, in AI SDK 6 and 7 alike),
 * as copies the SDK may keep; an empty object for a tool without examples, to spread.
 */
export function inputExamples(tool: Tool): { inputExamples?: { input: Record<string, unknown> }[] } {
  if (tool.examples === undefined) return {};
  return {
    inputExamples: tool.examples.map((input) => ({ input: structuredClone(input) as Record<string, unknown> })),
  };
}
