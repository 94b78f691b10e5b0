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
