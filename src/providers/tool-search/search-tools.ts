import type { ExportableTool } from "../../tool/exportable-tool.js";
import { type ToolSearchMatch, searchIndexFor } from "./search-index.js";
import { TOOL_SEARCH_DEFAULT_LIMIT } from "./tool-search-spec.js";
import { noToolMatchesText, toolsLoadedText } from "../../errors/model-messages.js";

/** The content of a `tool_search` result: the tools found, best first, and a line telling the model what to do. */
export interface ToolSearchReport {
  readonly tools: readonly ToolSearchMatch[];
  readonly note: string;
}

/**
 * Ranks tools against a query by BM25 over their names, descriptions, guidelines, snippets and parameter names and
 * descriptions, and returns at most `limit` of those matching at least one word, best first. A query naming a tool
 * exactly puts that tool first. The index over `tools` is built on the first search of that set and kept until a
 * search over another set (see `searchIndexFor`).
 */
export function searchTools(
  tools: readonly ExportableTool[],
  query: string,
  limit: number = TOOL_SEARCH_DEFAULT_LIMIT,
): ToolSearchMatch[] {
  return searchIndexFor(tools).search(query, limit);
}

/** Returns the result content of a search: the matches, and what the model should do next. */
export function toolSearchReport(matches: readonly ToolSearchMatch[]): ToolSearchReport {
  const note = matches.length === 0 ? noToolMatchesText() : toolsLoadedText();
  return { tools: matches, note };
}

/** Returns true when a result's content is a {@link ToolSearchReport}. */
export function isToolSearchReport(content: unknown): content is ToolSearchReport {
  return (
    content !== null &&
    typeof content === "object" &&
    Array.isArray((content as ToolSearchReport).tools) &&
    typeof (content as ToolSearchReport).note === "string"
  );
}
