// How recall's legs are fused (recall.ts): weighted reciprocal rank, the default, and fusion by
// score, the measured alternative (`scoreFusion`, ADR 0004 round 8). Pure.
// docs/decisions/0004-recall-ranking.md

/** The constant of reciprocal rank fusion (Cormack et al. 2009): score = Σ 1 / (60 + rank). */
export const RRF_K = 60;

/**
 * Fuses rankings (best first) by weighted reciprocal rank: an item's score is the sum over the
 * rankings holding it of weight / (k + rank), rank counting from 1 (weights default to 1). Returns
 * items by score, best first; ties keep the order of first appearance. Pure.
 */
export function fuseRankings<T>(
  rankings: ReadonlyArray<readonly T[]>,
  k = RRF_K,
  weights: readonly number[] = [],
): Array<{ item: T; score: number }> {
  const scores = new Map<T, number>();
  for (const [leg, ranking] of rankings.entries()) {
    const weight = weights[leg] ?? 1;
    ranking.forEach((item, index) => {
      scores.set(item, (scores.get(item) ?? 0) + weight / (k + index + 1));
    });
  }
  return [...scores].map(([item, score]) => ({ item, score })).sort((a, b) => b.score - a.score);
}

/**
 * Fuses the lexical leg's scores (already scaled to its best hit) with the `local` vector leg's
 * similarities scaled to 0..1 over the candidates, the latter at `weight`: a candidate the
 * backbone ranks far ahead stays ahead, and the vector leg decides among near ties.
 */
export function fuseScores(
  lexical: ReadonlyArray<{ id: number; score: number }>,
  similar: ReadonlyArray<{ id: number; similarity: number }>,
  weight: number,
): Array<{ item: number; score: number }> {
  const values = similar.map((entry) => entry.similarity);
  const low = Math.min(...values);
  const span = Math.max(...values) - low;
  const scaled = new Map(
    similar.map((entry) => [entry.id, span > 0 ? (entry.similarity - low) / span : 0]),
  );
  return lexical
    .map((hit) => ({ item: hit.id, score: hit.score + weight * (scaled.get(hit.id) ?? 0) }))
    .sort((a, b) => b.score - a.score || a.item - b.item);
}
