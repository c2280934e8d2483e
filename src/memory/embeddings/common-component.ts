// SIF's common-component removal (Arora et al. 2017, "A Simple but Tough-to-Beat Baseline for
// Sentence Embeddings"): averaged word vectors share one direction (what every sentence of the
// text at hand says: its register, its frequent words), which swamps their differences; the first
// principal component of the set is taken out of each, so cosines compare what is particular to
// each text. Pure.
import { normalizeVector } from "./embedder.js";

const ITERATIONS = 12;

/** The first principal direction of `vectors` (uncentred, as SIF does), by power iteration. */
export function firstComponent(vectors: readonly Float32Array[]): Float32Array | null {
  const first = vectors.find((vector) => vector.some((value) => value !== 0));
  if (!first) return null;
  let direction: Float32Array = Float32Array.from(first);
  for (let round = 0; round < ITERATIONS; round += 1) {
    const next = new Float32Array(direction.length);
    // Indexes within bounds (`as number`, not `?? 0`): the hot loop of a meaning index's fit.
    for (const vector of vectors) {
      let dot = 0;
      for (let i = 0; i < vector.length; i += 1)
        dot += (vector[i] as number) * (direction[i] as number);
      for (let i = 0; i < vector.length; i += 1)
        next[i] = (next[i] as number) + dot * (vector[i] as number);
    }
    direction = normalizeVector(next);
  }
  return direction;
}

/** `vector` without its projection on the unit `direction`, scaled to length 1 again. */
export function withoutComponent(vector: Float32Array, direction: Float32Array): Float32Array {
  let dot = 0;
  for (let i = 0; i < vector.length; i += 1) dot += (vector[i] ?? 0) * (direction[i] ?? 0);
  const rest = new Float32Array(vector.length);
  for (let i = 0; i < vector.length; i += 1) {
    rest[i] = (vector[i] ?? 0) - dot * (direction[i] ?? 0);
  }
  return normalizeVector(rest);
}
