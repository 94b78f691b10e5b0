/** Returns the text blocks of an MCP `tools/call` result, joined by newlines (`[type]` for other blocks). */
export function textOf(result: object): string {
  const content = (result as { content?: unknown }).content;
  const blocks = Array.isArray(content) ? (content as { type?: string; text?: string }[]) : [];
  return blocks.map((block) => block.text ?? `[${block.type ?? "content"}]`).join("\n");
}
