import type { ExportableTool } from "../tool/exportable-tool.js";
import type { ToolGrammar } from "../tool/tool.js";

/**
 * Returns `description` with the tool's example arguments appended, one JSON object a line after
 * `Example arguments:`, for a provider whose tool format has no field for examples (OpenAI, Gemini, MCP); without
 * examples, `description` itself.
 */
export function withExamples(description: string, examples: readonly object[] | undefined): string {
  if (examples === undefined || examples.length === 0) return description;
  let text = `${description}\n\nExample arguments:`;
  for (const example of examples) text += `\n${JSON.stringify(example)}`;
  return text;
}

/**
 * Returns `description` with the grammar of the tool's one string parameter appended, for a provider (or an API)
 * that takes no grammar: the model is told what the text must match, and a call is still validated as a string.
 */
export function withGrammar(description: string, grammar: ToolGrammar | undefined): string {
  if (grammar === undefined) return description;
  return `${description}\n\nThe input text must match this ${grammar.syntax} grammar:\n${grammar.definition}`;
}

/** Returns the description a provider without fields for examples or grammars sends: both appended when set. */
export function describedTool(tool: ExportableTool): string {
  return withExamples(withGrammar(tool.description, tool.grammar), tool.examples);
}
