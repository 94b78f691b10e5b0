import type { ExportableTool } from "../../tool/exportable-tool.js";
import { rankBm25, searchTerms } from "./bm25.js";
import { searchText } from "./search-text.js";
import { TOOL_SEARCH_DEFAULT_LIMIT } from "./tool-search-spec.js";

/** One tool a search found: what the model reads about it. */
export interface ToolSearchMatch {
  readonly name: string;
  readonly description: string;
}

/** The content of a `tool_search` result: the tools found, best first, and a line telling the model what to do. */
export interface ToolSearchReport {
  readonly tools: readonly ToolSearchMatch[];
  readonly note: string;
}

// Definitions are frozen and shared by every agent of a class, so their terms are worth keeping: a search then costs
// the ranking alone. Weak keys: a tool that is gone takes its terms with it.
const termsOf = new WeakMap<object, readonly string[]>();

function toolTerms(tool: ExportableTool): readonly string[] {
  let terms = termsOf.get(tool);
  if (!terms) termsOf.set(tool, (terms = searchTerms(searchText(tool))));
  return terms;
}

/**
 * Ranks tools against a query by BM25 over their names, descriptions, guidelines, snippets and parameter names and
 * descriptions, and returns at most `limit` of those matching at least one word, best first. A query naming a tool
 * exactly puts that tool first.
 */
export function searchTools(
  tools: readonly ExportableTool[],
  query: string,
  limit: number = TOOL_SEARCH_DEFAULT_LIMIT,
): ToolSearchMatch[] {
  const byName = new Map(tools.map((tool) => [tool.name, tool]));
  const documents = tools.map((tool) => ({ id: tool.name, terms: toolTerms(tool) }));
  const ranked = rankBm25(documents, searchTerms(query)).map((hit) => hit.id);
  const exact = byName.has(query.trim()) ? [query.trim()] : [];
  const names = [...new Set([...exact, ...ranked])].slice(0, Math.max(0, limit));
  return names.map((name) => ({ name, description: byName.get(name)!.description }));
}

/** Returns the result content of a search: the matches, and what the model should do next. */
export function toolSearchReport(matches: readonly ToolSearchMatch[]): ToolSearchReport {
  const note =
    matches.length === 0
      ? "No tool matches; search again with other words."
      : "These tools are loaded now; call them by name.";
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
