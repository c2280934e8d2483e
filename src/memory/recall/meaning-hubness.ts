// Hubness in recall by meaning: in a space of averaged word vectors some messages are near almost
// every question (a template the history repeats, "Done. I updated … settings", or chatter said
// many times over), so they crowd the nearest of any search without being about it. Cross-domain
// similarity local scaling (CSLS, Conneau et al. 2018, "Word Translation Without Parallel Data")
// scores a candidate by 2·cos(q, m) − r(m), where r(m) is m's mean cosine to its `HUB_K` nearest
// neighbours: a message in a dense crowd pays for it, one that stands apart does not. r(q) is the
// same for every candidate of a search and is left out. Pure; the caller caches r. Hand-written:
// the npm nearest-neighbour libraries answer "the k nearest", not a mean over every message's
// own neighbours, and this is one loop over vectors kern holds already.
// docs/decisions/0004-recall-ranking.md, round 26.

/** Neighbours whose mean cosine is a message's crowding (the paper's k). */
export const HUB_K = 10;

/** Unit vectors with the common direction taken out, one after another in `flat`. */
export interface CentredVectors {
  flat: Float32Array;
  dims: number;
  count: number;
}

/** `vectors` (unit) without their projection on the unit `direction`, unit again, in one array. */
export function centred(
  vectors: readonly Float32Array[],
  direction: Float32Array | null,
): CentredVectors {
  const dims = vectors[0]?.length ?? 0;
  const flat = new Float32Array(vectors.length * dims);
  vectors.forEach((vector, i) => {
    let along = 0;
    if (direction)
      for (let d = 0; d < dims; d += 1) along += (vector[d] ?? 0) * (direction[d] ?? 0);
    const norm = Math.sqrt(Math.max(1e-12, 1 - along * along));
    for (let d = 0; d < dims; d += 1) {
      flat[i * dims + d] = ((vector[d] ?? 0) - along * (direction?.[d] ?? 0)) / norm;
    }
  });
  return { flat, dims, count: vectors.length };
}

/** The cosine of vectors i and j of the set. */
export function centredCosine(set: CentredVectors, i: number, j: number): number {
  const { flat, dims } = set;
  let dot = 0;
  for (let d = 0, a = i * dims, b = j * dims; d < dims; d += 1)
    dot += (flat[a + d] as number) * (flat[b + d] as number);
  return dot;
}

/** r(m): the mean cosine of vector `i` to its `HUB_K` nearest others in the set. */
export function crowding(set: CentredVectors, i: number): number {
  const best: number[] = [];
  for (let j = 0; j < set.count; j += 1) {
    if (j === i) continue;
    const cosine = centredCosine(set, i, j);
    if (best.length < HUB_K) {
      best.push(cosine);
      if (best.length === HUB_K) best.sort((a, b) => a - b);
    } else if (cosine > (best[0] as number)) {
      best[0] = cosine;
      // One pass of insertion keeps the smallest first.
      for (
        let at = 0;
        at + 1 < best.length && (best[at] as number) > (best[at + 1] as number);
        at += 1
      ) {
        [best[at], best[at + 1]] = [best[at + 1] as number, best[at] as number];
      }
    }
  }
  if (best.length === 0) return 0;
  return best.reduce((sum, value) => sum + value, 0) / best.length;
}
