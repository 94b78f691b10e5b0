import { ToolDefinitionError } from "../../errors/errors.js";
import { TOOL_NAME_PATTERN } from "../../tool/tool-options.js";
import type { McpRemoteTool } from "./mcp-client-like.js";
import { legalNames } from "./remote-names.js";

/** Which remote tools `importMcpTools` imports: their remote names, or a predicate on each listed tool. */
export type McpToolFilter = readonly string[] | ((tool: McpRemoteTool) => boolean);

/**
 * Local names (before the prefix) for remote tools: remote name → local name (each must be provider-legal), or a
 * function of the listed tool that returns the local name (made provider-legal as remote names are, since it is
 * usually built from one) or `undefined` to keep the remote one.
 */
export type McpToolRename =
  Readonly<Record<string, string>> | ((name: string, tool: McpRemoteTool) => string | undefined);

const PREFIX = /^[a-zA-Z0-9_-]{0,63}$/;

/**
 * Returns the listed tools `filter` admits, in the server's order.
 * @throws {ToolDefinitionError} when the list names a tool the server did not list.
 */
export function selectTools(tools: readonly McpRemoteTool[], filter: McpToolFilter | undefined): McpRemoteTool[] {
  if (filter === undefined) return [...tools];
  if (typeof filter === "function") return tools.filter((tool) => filter(tool));
  if (!Array.isArray(filter)) {
    throw new ToolDefinitionError("importMcpTools: `filter` must be a list of remote tool names or a function.");
  }
  const listed = new Set(tools.map((tool) => tool.name));
  const unknown = filter.filter((name) => !listed.has(name));
  if (unknown.length > 0) {
    throw new ToolDefinitionError(
      `importMcpTools: \`filter\` names ${unknown.map((n) => JSON.stringify(n)).join(", ")}, which the server does ` +
        `not list; it lists ${[...listed].map((n) => JSON.stringify(n)).join(", ") || "no tools"}.`,
    );
  }
  const wanted = new Set(filter);
  return tools.filter((tool) => wanted.has(tool.name));
}

/**
 * Returns the local name of each tool, in order: `prefix` + (its rename, or its remote name), made provider-legal and
 * unique by {@link legalNames} where the remote name (or a rename function's result) is the reason it is not.
 * @throws {ToolDefinitionError} for a prefix or a rename map entry that no provider accepts, a rename of a tool the
 *   server does not list, or two tools renamed to one name.
 */
export function localNamesOf(
  tools: readonly McpRemoteTool[],
  prefix: string,
  rename: McpToolRename | undefined,
): string[] {
  if (typeof prefix !== "string" || !PREFIX.test(prefix)) {
    throw new ToolDefinitionError(
      `importMcpTools: \`prefix\` ${JSON.stringify(prefix)} is invalid; use up to 63 letters, digits, "_" or "-".`,
    );
  }
  const renamed = tools.map((tool) => renameOf(tool, rename));
  if (rename !== undefined && typeof rename === "object") {
    const listed = new Set(tools.map((tool) => tool.name));
    const unknown = Object.keys(rename).filter((name) => !listed.has(name));
    if (unknown.length > 0) {
      throw new ToolDefinitionError(
        `importMcpTools: \`rename\` names ${unknown.map((n) => JSON.stringify(n)).join(", ")}, which the server ` +
          "does not list (or `filter` left out).",
      );
    }
  }
  renamed.forEach((name, index) => {
    if (typeof rename === "object" && name !== undefined && !TOOL_NAME_PATTERN.test(prefix + name)) {
      throw new ToolDefinitionError(
        `importMcpTools: \`rename\` gives the remote tool "${tools[index]!.name}" the name ` +
          `${JSON.stringify(prefix + name)}, which is invalid; use 1-64 letters, digits, "_" or "-" ` +
          `(${TOOL_NAME_PATTERN}), prefix included.`,
      );
    }
  });
  return legalNames(
    tools.map((tool) => tool.name),
    tools.map((tool, index) => prefix + (renamed[index] ?? tool.name)),
  );
}

function renameOf(tool: McpRemoteTool, rename: McpToolRename | undefined): string | undefined {
  if (rename === undefined) return undefined;
  if (typeof rename === "function") {
    const name = rename(tool.name, tool);
    if (name !== undefined && typeof name !== "string") {
      throw new ToolDefinitionError(
        `importMcpTools: \`rename\` returned ${typeof name} for "${tool.name}"; return a name or undefined.`,
      );
    }
    return name;
  }
  return Object.hasOwn(rename, tool.name) ? rename[tool.name] : undefined;
}
