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

// The usual Okapi BM25 constants (Robertson & Zaragoza, "The Probabilistic Relevance Framework", 2009).
const K1 = 1.2;
const B = 0.75;

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
 * Ranks documents against query terms with Okapi BM25 and returns those that match at least one term, best first;
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
    // The "+1" form never goes negative, so a term found in most documents still counts a little.
    idf.set(term, Math.log(1 + (documents.length - holders + 0.5) / (holders + 0.5)));
  }
  const hits: Bm25Hit[] = [];
  documents.forEach((doc, index) => {
    const counts = frequencies[index]!;
    const norm = K1 * (1 - B + (B * doc.terms.length) / averageLength);
    let score = 0;
    for (const term of query) {
      const tf = counts.get(term);
      if (tf !== undefined) score += idf.get(term)! * ((tf * (K1 + 1)) / (tf + norm));
    }
    if (score > 0) hits.push({ id: doc.id, score });
  });
  // Array.prototype.sort is stable, so ties keep document order.
  return hits.sort((a, b) => b.score - a.score);
}
