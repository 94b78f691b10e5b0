import type { ArgumentIssue } from "../../errors/errors.js";
import { searchTerms } from "./bm25.js";
import { TOOL_SEARCH_MAX_QUERY_CHARS, TOOL_SEARCH_MAX_QUERY_TERMS } from "./tool-search-spec.js";

/** A query read for a search: its terms, or the issue that refuses it. */
export type SearchQuery =
  { readonly ok: true; readonly terms: readonly string[] } | { readonly ok: false; readonly issue: ArgumentIssue };

/**
 * Reads a `tool_search` query: refuses one that is not a string, is longer than {@link TOOL_SEARCH_MAX_QUERY_CHARS}
 * characters (checked before any work on it) or holds more than {@link TOOL_SEARCH_MAX_QUERY_TERMS} search words, and
 * returns the terms of any other. The schema caps the length too; this check also holds where no validator ran.
 */
export function readSearchQuery(query: unknown): SearchQuery {
  if (typeof query !== "string") {
    return refuse("type", `must be a string of words describing the capability you need; got ${typeof query}`);
  }
  if (query.length > TOOL_SEARCH_MAX_QUERY_CHARS) {
    return refuse(
      "maxLength",
      `must NOT have more than ${TOOL_SEARCH_MAX_QUERY_CHARS} characters (it has ${query.length}); describe the ` +
        "capability you need in a few words",
    );
  }
  const terms = searchTerms(query);
  if (terms.length > TOOL_SEARCH_MAX_QUERY_TERMS) {
    return refuse(
      "maxTerms",
      `must NOT have more than ${TOOL_SEARCH_MAX_QUERY_TERMS} search words (it has ${terms.length}); describe the ` +
        "capability you need in a few words, e.g. 'convert currency'",
    );
  }
  return { ok: true, terms };
}

function refuse(keyword: string, message: string): SearchQuery {
  return { ok: false, issue: { path: "/query", keyword, message } };
}
