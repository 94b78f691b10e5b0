import type { ExportableTool } from "../src/tool/exportable-tool.js";

/**
 * The floor of a BM25 search: an inverted index built once, with each posting's score contribution precomputed, and
 * a query that looks its words up, adds the postings into a score array and keeps the best five. No stop words, no
 * plural folding, no exact-name rule, no tie order: the least a search over an index can do.
 */
export class FloorIndex {
  readonly #names: string[];
  readonly #postings = new Map<string, { docs: Int32Array; weights: Float64Array }>();
  // Reused by every query and reset through the touched list, as the subject does.
  readonly #scores: Float64Array;
  readonly #touched: Int32Array;

  constructor(tools: readonly ExportableTool[], termsOf: (tool: ExportableTool) => readonly string[]) {
    this.#names = tools.map((tool) => tool.name);
    const lists = new Map<string, { docs: number[]; tfs: number[]; lengths: number[] }>();
    let total = 0;
    tools.forEach((tool, doc) => {
      const terms = termsOf(tool);
      total += terms.length;
      const counts = new Map<string, number>();
      for (const term of terms) counts.set(term, (counts.get(term) ?? 0) + 1);
      for (const [term, tf] of counts) {
        let list = lists.get(term);
        if (!list) lists.set(term, (list = { docs: [], tfs: [], lengths: [] }));
        list.docs.push(doc);
        list.tfs.push(tf);
        list.lengths.push(terms.length);
      }
    });
    const average = total / tools.length;
    for (const [term, list] of lists) {
      const idf = Math.log(1 + (tools.length - list.docs.length + 0.5) / (list.docs.length + 0.5));
      const weights = Float64Array.from(
        list.tfs,
        (tf, i) => (idf * tf * 2.2) / (tf + 1.2 * (0.25 + (0.75 * list.lengths[i]!) / average)),
      );
      this.#postings.set(term, { docs: Int32Array.from(list.docs), weights });
    }
    this.#scores = new Float64Array(tools.length);
    this.#touched = new Int32Array(tools.length);
  }

  search(query: string): string[] {
    const scores = this.#scores;
    const touched = this.#touched;
    let size = 0;
    for (const term of query.toLowerCase().split(" ")) {
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
    // The best five by insertion into a five-slot list (ties: whichever came first).
    const best: number[] = [];
    for (let t = 0; t < size; t++) {
      const doc = touched[t]!;
      const score = scores[doc]!;
      if (best.length === 5 && score <= scores[best[4]!]!) continue;
      let at = best.length === 5 ? 4 : best.length;
      while (at > 0 && score > scores[best[at - 1]!]!) {
        best[at] = best[at - 1]!;
        at--;
      }
      best[at] = doc;
    }
    for (let t = 0; t < size; t++) scores[touched[t]!] = 0;
    return best.map((doc) => this.#names[doc]!);
  }
}
