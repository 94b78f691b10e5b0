/** One document to rank: an id and the words it is found by. */
export interface Bm25Document {
  readonly id: string;
  readonly terms: readonly string[];
}

/** One ranked document: its id and its BM25 score (higher is better; always above 0). */
export interface Bm25Hit {
  readonly id: string;
  readonly score: number;
}

/** Okapi BM25's term-frequency saturation, the usual value (Robertson & Zaragoza, "The Probabilistic Relevance Framework", 2009). */
export const BM25_K1 = 1.2;
/** Okapi BM25's document-length normalisation, the usual value. */
export const BM25_B = 0.75;

/** Returns the inverse document frequency of a term held by `holders` of `documents` documents. */
export function bm25Idf(documents: number, holders: number): number {
  // The "+1" form never goes negative, so a term found in most documents still counts a little.
  return Math.log(1 + (documents - holders + 0.5) / (holders + 0.5));
}

// English function words: in a query ("convert euros to dollars") they would match every tool with a `to` parameter.
const STOP_WORDS = new Set(
  "a an and are as at be by can do for from how i in into is it me my of on or please the this to use want what with you your".split(
    " ",
  ),
);

/**
 * Splits text into search terms: camelCase and snake_case words apart, lower case, letters and digits only, English
 * function words left out, with a light plural fold ("files" → "file") so a query and a tool need not agree on number.
 */
export function searchTerms(text: string): string[] {
  const spaced = text.replace(/([a-z0-9])([A-Z])/g, "$1 $2").replace(/([A-Z]+)([A-Z][a-z])/g, "$1 $2");
  const words = spaced.toLowerCase().split(/[^\p{L}\p{N}]+/u);
  return words.filter((word) => word.length > 1 && !STOP_WORDS.has(word)).map(fold);
}

function fold(word: string): string {
  if (word.length > 3 && word.endsWith("s") && !word.endsWith("ss")) return word.slice(0, -1);
  return word;
}

/**
 * Ranks documents against query terms with Okapi BM25, the plain way (every document per query: the reference the
 * inverted index of `search-index.ts` must equal, and the "before" row of the tool_search bench), and returns those that match at least one term, best first;
 * documents with equal scores keep their input order, so a ranking is stable from one request to the next.
 */
export function rankBm25(documents: readonly Bm25Document[], query: readonly string[]): Bm25Hit[] {
  if (documents.length === 0 || query.length === 0) return [];
  const frequencies = documents.map((doc) => {
    const counts = new Map<string, number>();
    for (const term of doc.terms) counts.set(term, (counts.get(term) ?? 0) + 1);
    return counts;
  });
  const averageLength = documents.reduce((sum, doc) => sum + doc.terms.length, 0) / documents.length || 1;
  const idf = new Map<string, number>();
  for (const term of new Set(query)) {
    const holders = frequencies.filter((counts) => counts.has(term)).length;
    idf.set(term, bm25Idf(documents.length, holders));
  }
  const hits: Bm25Hit[] = [];
  documents.forEach((doc, index) => {
    const counts = frequencies[index]!;
    const norm = BM25_K1 * (1 - BM25_B + (BM25_B * doc.terms.length) / averageLength);
    let score = 0;
    for (const term of query) {
      const tf = counts.get(term);
      if (tf !== undefined) score += idf.get(term)! * ((tf * (BM25_K1 + 1)) / (tf + norm));
    }
    if (score > 0) hits.push({ id: doc.id, score });
  });
  // Array.prototype.sort is stable, so ties keep document order.
  return hits.sort((a, b) => b.score - a.score);
}
