import { type ExportableTool } from "toolwright";
import { rankBm25, searchTerms } from "../../../src/providers/tool-search/bm25.js";
import { searchText } from "../../../src/providers/tool-search/search-text.js";

/**
 * The search as it was before the inverted index (every tool's terms counted and every tool scanned per query, via
 * rankBm25): the reference the index must answer exactly, tool for tool.
 */
export function plainSearch(tools: readonly ExportableTool[], query: string, limit: number) {
  const byName = new Map(tools.map((tool) => [tool.name, tool]));
  const documents = tools.map((tool) => ({ id: tool.name, terms: searchTerms(searchText(tool)) }));
  const ranked = rankBm25(documents, searchTerms(query)).map((hit) => hit.id);
  const exact = byName.has(query.trim()) ? [query.trim()] : [];
  const names = [...new Set([...exact, ...ranked])].slice(0, Math.max(0, limit));
  return names.map((name) => ({ name, description: byName.get(name)!.description }));
}
