import type { ExportableTool } from "../../tool/exportable-tool.js";
import { BM25_B, BM25_K1, bm25Idf, searchTerms } from "./bm25.js";
import { searchText } from "./search-text.js";

/** One tool a search found: what the model reads about it. */
export interface ToolSearchMatch {
  readonly name: string;
  readonly description: string;
}

// Definitions are frozen and shared by every agent of a class, so their terms are worth keeping: an index over a
// changed set of tools then re-tokenizes only the new ones. Weak keys: a tool that is gone takes its terms with it.
const termsOf = new WeakMap<object, readonly string[]>();

function toolTerms(tool: ExportableTool): readonly string[] {
  let terms = termsOf.get(tool);
  if (!terms) termsOf.set(tool, (terms = searchTerms(searchText(tool))));
  return terms;
}

/** The documents holding one term, and what the term adds to each one's score (its idf times its tf weight). */
interface Postings {
  readonly docs: Int32Array;
  readonly weights: Float64Array;
}

// A limit above this sorts every hit instead of keeping the best in a small sorted list.
const SELECT_MAX = 64;

/**
 * An inverted index of a set of tools for BM25 search, built once: each term maps to the tools holding it and to
 * what it adds to their scores, so a query touches only its own terms' postings. Rankings equal {@link rankBm25}'s
 * over the same documents (same sums in the same order), ties in the tools' order. A tool name given twice is
 * indexed once, as its first tool.
 */
export class ToolSearchIndex {
  /** The tools indexed, in their order. */
  readonly tools: readonly ExportableTool[];
  readonly #byName = new Map<string, number>();
  readonly #postings = new Map<string, Postings>();
  // Scratch space for one query: scores of the touched documents, reset after each query (queries are synchronous).
  readonly #scores: Float64Array;
  readonly #touched: Int32Array;

  /** Indexes `tools`: one pass over their terms. */
  constructor(tools: readonly ExportableTool[]) {
    this.tools = tools;
    const docs: { index: number; terms: readonly string[] }[] = [];
    tools.forEach((tool, index) => {
      if (this.#byName.has(tool.name)) return;
      this.#byName.set(tool.name, index);
      docs.push({ index, terms: toolTerms(tool) });
    });
    const averageLength = docs.reduce((sum, doc) => sum + doc.terms.length, 0) / docs.length || 1;
    const norms = new Float64Array(tools.length);
    // One pass over every document's terms: a term's list ends with the document being read, so a repeated term
    // raises that last count instead of needing a count map per document.
    const gathered = new Map<string, { docs: number[]; tfs: number[] }>();
    for (const { index, terms } of docs) {
      norms[index] = BM25_K1 * (1 - BM25_B + (BM25_B * terms.length) / averageLength);
      for (const term of terms) {
        const list = gathered.get(term);
        if (!list) gathered.set(term, { docs: [index], tfs: [1] });
        else if (list.docs[list.docs.length - 1] === index) list.tfs[list.tfs.length - 1]! += 1;
        else {
          list.docs.push(index);
          list.tfs.push(1);
        }
      }
    }
    for (const [term, list] of gathered) {
      const idf = bm25Idf(docs.length, list.docs.length);
      const weights = Float64Array.from(list.tfs, (tf, i) => {
        const norm = norms[list.docs[i]!]!;
        return idf * ((tf * (BM25_K1 + 1)) / (tf + norm));
      });
      this.#postings.set(term, { docs: Int32Array.from(list.docs), weights });
    }
    this.#scores = new Float64Array(tools.length);
    this.#touched = new Int32Array(tools.length);
  }

  /** Returns true when this index was built over exactly these tools, in this order. */
  covers(tools: readonly ExportableTool[]): boolean {
    if (tools === this.tools) return true;
    if (tools.length !== this.tools.length) return false;
    for (let i = 0; i < tools.length; i++) if (tools[i] !== this.tools[i]) return false;
    return true;
  }

  /**
   * Returns at most `limit` tools matching at least one of the query's terms, best first; a query that is exactly a
   * tool's name puts that tool first.
   */
  search(query: string, limit: number, terms: readonly string[] = searchTerms(query)): ToolSearchMatch[] {
    // Not a number, or below 1: nothing; Infinity: every match.
    const count = limit >= 1 ? Math.min(Math.trunc(limit), this.tools.length) : 0;
    const exact = this.#byName.get(query.trim());
    const ranked = this.#rank(terms, exact === undefined ? count : count + 1);
    const chosen = exact === undefined ? ranked : [exact, ...ranked.filter((index) => index !== exact)];
    return chosen.slice(0, count).map((index) => {
      const tool = this.tools[index]!;
      return { name: tool.name, description: tool.description };
    });
  }

  // The indexes of the best `count` documents, best first, ties in document order.
  #rank(terms: readonly string[], count: number): number[] {
    if (count === 0) return [];
    const scores = this.#scores;
    const touched = this.#touched;
    let size = 0;
    // Term by term in query order, a repeated term again, so each score is the same sum as rankBm25's.
    for (const term of terms) {
      const postings = this.#postings.get(term);
      if (!postings) continue;
      const { docs, weights } = postings;
      for (let i = 0; i < docs.length; i++) {
        const doc = docs[i]!;
        const score = scores[doc]!;
        if (score === 0) touched[size++] = doc;
        scores[doc] = score + weights[i]!;
      }
    }
    const best = count > SELECT_MAX ? sortAll(scores, touched, size) : selectBest(scores, touched, size, count);
    for (let i = 0; i < size; i++) scores[touched[i]!] = 0;
    return best;
  }
}

function before(scores: Float64Array, a: number, b: number): boolean {
  const difference = scores[a]! - scores[b]!;
  return difference > 0 || (difference === 0 && a < b);
}

// Keeps the best `count` in a small sorted list: a search returns a handful of tools from up to every indexed one.
function selectBest(scores: Float64Array, touched: Int32Array, size: number, count: number): number[] {
  const best: number[] = [];
  for (let i = 0; i < size; i++) {
    const doc = touched[i]!;
    if (best.length === count && !before(scores, doc, best[count - 1]!)) continue;
    let at = best.length === count ? count - 1 : best.length;
    while (at > 0 && before(scores, doc, best[at - 1]!)) {
      best[at] = best[at - 1]!;
      at--;
    }
    best[at] = doc;
  }
  return best;
}

function sortAll(scores: Float64Array, touched: Int32Array, size: number): number[] {
  return Array.from(touched.subarray(0, size)).sort((a, b) => (before(scores, a, b) ? -1 : 1));
}

// The index of the latest set of tools searched, by its first tool: an agent's deferred tools change rarely, so one
// index per set serves every search until the set changes (then it is rebuilt).
const latest = new WeakMap<object, ToolSearchIndex>();

/** Returns an index over exactly `tools`: the one built last for them, or a new one when the set changed. */
export function searchIndexFor(tools: readonly ExportableTool[]): ToolSearchIndex {
  const first = tools[0];
  if (first === undefined) return new ToolSearchIndex(tools);
  const known = latest.get(first);
  if (known?.covers(tools)) return known;
  const built = new ToolSearchIndex(tools);
  latest.set(first, built);
  return built;
}
