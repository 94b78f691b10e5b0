import { visitSchemas } from "../../schema/visit.js";
import type { ExportableTool } from "../../tool/exportable-tool.js";

/**
 * Returns the text a tool is found by: its name (twice, so a name match outweighs a passing mention), its description,
 * its `guidelines` and `snippet` (unless the description already carries them), and the name and description of every
 * parameter, nested ones included.
 */
export function searchText(tool: ExportableTool): string {
  const parts = [tool.name, tool.name, tool.description];
  for (const extra of [tool.guidelines, tool.snippet]) {
    if (typeof extra === "string" && !tool.description.includes(extra)) parts.push(extra);
  }
  visitSchemas(tool.inputSchema, (node) => {
    if (typeof node.description === "string") parts.push(node.description);
    if (typeof node.title === "string") parts.push(node.title);
    const properties = node.properties;
    if (properties !== null && typeof properties === "object") parts.push(...Object.keys(properties));
  });
  return parts.join(" ");
}
