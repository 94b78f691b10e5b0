import { ToolDefinitionError } from "../../errors/errors.js";
import { type ObjectSchemaObject, cloneJson } from "../../schema/json.js";
import type { ExportableTool } from "../../tool/exportable-tool.js";
import { TOOL_SEARCH_SPEC, TOOL_SEARCH_TOOL } from "../tool-search/tool-search-spec.js";

/**
 * Which search finds an Anthropic export's deferred tools: Anthropic's server-side tool search tool (`"bm25"`, natural
 * language queries; `"regex"`, patterns) or toolwright's `tool_search` tool run by the app (`"client"`), whose result
 * goes back as `tool_reference` blocks.
 */
export type AnthropicToolSearch = "bm25" | "regex" | "client";

/** Anthropic's server-side tool search tool (`ToolSearchToolBm25_20251119` / `ToolSearchToolRegex20251119`). */
export type AnthropicToolSearchTool =
  | { type: "tool_search_tool_bm25_20251119"; name: "tool_search_tool_bm25"; cache_control?: AnthropicBreakpoint }
  | { type: "tool_search_tool_regex_20251119"; name: "tool_search_tool_regex"; cache_control?: AnthropicBreakpoint };

/** The `cache_control` breakpoint of a tool search tool. */
export type AnthropicBreakpoint = { type: "ephemeral"; ttl?: "5m" | "1h" };

/** toolwright's `tool_search` tool as an Anthropic custom tool, for `toolSearch: "client"`. */
export interface AnthropicClientSearchTool {
  name: string;
  description: string;
  input_schema: ObjectSchemaObject;
  cache_control?: AnthropicBreakpoint;
}

/** A block that loads a deferred tool, inside a `tool_result` (`ToolReferenceBlockParam`). */
export interface AnthropicToolReferenceBlock {
  type: "tool_reference";
  tool_name: string;
}

const SERVER_TOOLS: Record<"bm25" | "regex", AnthropicToolSearchTool> = {
  bm25: { type: "tool_search_tool_bm25_20251119", name: "tool_search_tool_bm25" },
  regex: { type: "tool_search_tool_regex_20251119", name: "tool_search_tool_regex" },
};

/**
 * Returns the search tool to put first in an Anthropic tool list whose tools include deferred ones, or `undefined`
 * when none is deferred. The search tool is never deferred, so at least one tool of the list is always loaded, as
 * the API requires.
 * @throws {ToolDefinitionError} when a listed tool is named like the search tool the export adds, or `toolSearch` is
 *   not one of `"bm25"`, `"regex"`, `"client"`.
 */
export function anthropicToolSearchTool(
  tools: readonly ExportableTool[],
  toolSearch: AnthropicToolSearch,
): AnthropicToolSearchTool | AnthropicClientSearchTool | undefined {
  if (toolSearch !== "client" && !Object.hasOwn(SERVER_TOOLS, toolSearch)) {
    throw new ToolDefinitionError(
      `toAnthropicTools: toolSearch must be "bm25", "regex" or "client", not ${JSON.stringify(toolSearch)}.`,
    );
  }
  const searchName = toolSearch === "client" ? TOOL_SEARCH_TOOL : SERVER_TOOLS[toolSearch].name;
  if (tools.some((tool) => tool.name === searchName || tool.name === TOOL_SEARCH_TOOL)) {
    throw new ToolDefinitionError(
      `toAnthropicTools: a tool is named "${TOOL_SEARCH_TOOL}" or "${searchName}", but toolSearch adds the search ` +
        `tool itself; pass agent.tools() (not agent.toolsForTurn()), and rename a tool of your own with that name.`,
    );
  }
  if (!tools.some((tool) => tool.deferred)) return undefined;
  if (toolSearch !== "client") return { ...SERVER_TOOLS[toolSearch] };
  return {
    name: TOOL_SEARCH_SPEC.name,
    description: TOOL_SEARCH_SPEC.description,
    input_schema: cloneJson(TOOL_SEARCH_SPEC.inputSchema) as ObjectSchemaObject,
  };
}
