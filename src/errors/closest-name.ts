/**
 * Returns the edit distance (insertions, deletions, substitutions, and swaps of two neighbours) between two names, or
 * `limit + 1` as soon as it is known to exceed `limit`. Only the band of cells within `limit` of the diagonal is
 * computed, so the cost is `O(a.length × limit)` whatever the length of `b`, and a pair whose lengths already differ by
 * more than `limit` costs nothing.
 */
export function editDistance(a: string, b: string, limit = Math.max(a.length, b.length)): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  const outside = limit + 1;
  // Three rows of the matrix are enough: the swap of two neighbours looks two rows back.
  let before = new Array<number>(b.length + 1).fill(outside);
  let previous = Array.from({ length: b.length + 1 }, (_, j) => (j <= limit ? j : outside));
  let current = new Array<number>(b.length + 1).fill(outside);
  for (let i = 1; i <= a.length; i++) {
    const from = Math.max(1, i - limit);
    const to = Math.min(b.length, i + limit);
    // Only the band's edges are reset (not the row): cells beyond them are never read, and a row costs its band.
    current[0] = i <= limit ? i : outside;
    if (from > 1) current[from - 1] = outside;
    if (to < b.length) current[to + 1] = outside;
    let rowBest = current[0];
    for (let j = from; j <= to; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      // `math_agnet` for `math_agent` is one slip of the fingers, not two.
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, before[j - 2]! + 1);
      current[j] = Math.min(best, outside);
      if (best < rowBest) rowBest = best;
    }
    // Every path to the last cell crosses this row: when all of its band is over the limit, so is the distance.
    if (rowBest > limit) return outside;
    [before, previous, current] = [previous, current, before];
  }
  return Math.min(previous[b.length]!, outside);
}

/**
 * Returns the candidate closest to `name`, when it is close enough to be a typo of it (at most a third of its length
 * away, and at least one edit), or `undefined`. A name whose length differs from a candidate's by more than that is
 * not compared at all, so a name far longer than every candidate (a megabyte sent by a model) costs one length check
 * per candidate.
 */
export function closestName(name: string, candidates: Iterable<string>): string | undefined {
  const limit = Math.max(1, Math.floor(name.length / 3));
  let lower: string | undefined;
  let best: { name: string; distance: number } | undefined;
  for (const candidate of candidates) {
    const bound = best ? Math.min(limit, best.distance - 1) : limit;
    if (bound < 0 || Math.abs(name.length - candidate.length) > bound) continue;
    lower ??= name.toLowerCase();
    const distance = editDistance(lower, candidate.toLowerCase(), bound);
    if (distance <= bound) best = { name: candidate, distance };
  }
  return best?.name;
}
