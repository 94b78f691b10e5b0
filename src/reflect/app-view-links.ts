import { ToolDefinitionError } from "../errors/errors.js";
import type { ToolDefinition } from "../tool/tool-definition.js";
import { reflectMcpEntries } from "./reflect-mcp-entries.js";

/**
 * Checks that every tool of a class that names an MCP Apps view (`ui: { resourceUri }`) names one the class (or an
 * ancestor) declares with `@resource`. Runs once per class, with its tools.
 * @throws {ToolDefinitionError} naming the tool, the URI and the views the class has.
 */
export function checkAppViewLinks(ctor: object, tools: readonly ToolDefinition[]): void {
  const linked = tools.filter((tool) => tool.ui !== undefined);
  if (linked.length === 0) return;
  const views = reflectMcpEntries(ctor)
    .resources.filter((entry) => entry.app !== undefined)
    .map((entry) => entry.uri);
  for (const tool of linked) {
    const uri = tool.ui!.resourceUri;
    if (views.includes(uri)) continue;
    const label = (ctor as { name?: string }).name || "(anonymous class)";
    const known = views.length === 0 ? "it declares none" : `its views: ${views.map((v) => `"${v}"`).join(", ")}`;
    throw new ToolDefinitionError(
      `${label}: tool "${tool.name}" shows its results in "${uri}", which no @resource of the class declares ` +
        `(${known}); declare it with @resource({ uri: "${uri}", app: true }) or fix the URI.`,
    );
  }
}
