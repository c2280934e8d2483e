// How recall's legs are fused (recall.ts): weighted reciprocal rank. (Fusion by score was measured
// in rounds 8, 11 and 15 and removed in round 19: ADR 0004.) Pure.
// docs/decisions/0004-recall-ranking.md

/** The constant of reciprocal rank fusion (Cormack et al. 2009): score = Σ 1 / (60 + rank). */
export const RRF_K = 60;

/**
 * Fuses rankings (best first) by weighted reciprocal rank: an item's score is the sum over the
 * rankings holding it of weight / (k + rank), rank counting from 1 (weights default to 1; a
 * ranking weighted 0 or less adds nothing, not even its items). Returns
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
    // A leg weighted 0 says nothing: its items must not trail the others' with a score of 0.
    if (weight <= 0) continue;
    ranking.forEach((item, index) => {
      scores.set(item, (scores.get(item) ?? 0) + weight / (k + index + 1));
    });
  }
  return [...scores].map(([item, score]) => ({ item, score })).sort((a, b) => b.score - a.score);
}
