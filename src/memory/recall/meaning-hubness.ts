// Hubness in recall by meaning: in a space of averaged word vectors some messages are near almost
// every question (a template the history repeats, "Done. I updated … settings", or chatter said
// many times over), so they crowd the nearest of any search without being about it. Cross-domain
// similarity local scaling (CSLS, Conneau et al. 2018, "Word Translation Without Parallel Data")
// scores a candidate by 2·cos(q, m) − r(m), where r(m) is m's mean cosine to its `HUB_K` nearest
// neighbours: a message in a dense crowd pays for it, one that stands apart does not. r(q) is the
// same for every candidate of a search and is left out. The caller caches r; the dot products are
// row-dots.ts's SIMD kernel. Hand-written: the npm nearest-neighbour libraries answer "the k
// nearest", not a mean over every message's own neighbours, and this is one pass over vectors
// kern holds already.
// docs/decisions/0004-recall-ranking.md, round 26.
import { RowSet } from "./row-dots.js";

/** Neighbours whose mean cosine is a message's crowding (the paper's k). */
export const HUB_K = 10;

/**
 * Unit vectors with the common direction taken out, one after another (row-dots.ts: rows
 * `0 … count − 1`, with room for more, so the set can grow without a copy).
 */
export type CentredVectors = RowSet;

/** `vectors` (unit) without their projection on the unit `direction`, unit again, in one set. */
export function centred(
  vectors: readonly Float32Array[],
  direction: Float32Array | null,
): CentredVectors {
  return appendRows(new RowSet(vectors[0]?.length ?? 0), vectors, direction);
}

/** `set` with `vectors` centred after its rows (in place; a new set when `set` has no width). */
export function appendCentred(
  set: CentredVectors,
  vectors: readonly Float32Array[],
  direction: Float32Array | null,
): CentredVectors {
  if (set.dims === 0) return centred(vectors, direction);
  return appendRows(set, vectors, direction);
}

function appendRows(
  set: CentredVectors,
  vectors: readonly Float32Array[],
  direction: Float32Array | null,
): CentredVectors {
  const room = set.room(set.count + vectors.length);
  vectors.forEach((vector, i) => {
    writeCentred(room, (set.count + i) * set.dims, vector, direction);
  });
  set.count += vectors.length;
  return set;
}

/** `set` without its first `drop` rows (in place). */
export function dropFirst(set: CentredVectors, drop: number): CentredVectors {
  set.dropFirst(drop);
  return set;
}

/** `vector` (unit) without its projection on the unit `direction`, unit again, into `out`. */
export function writeCentred(
  out: Float32Array,
  at: number,
  vector: Float32Array,
  direction: Float32Array | null,
): void {
  const dims = vector.length;
  let along = 0;
  if (direction) for (let d = 0; d < dims; d += 1) along += (vector[d] ?? 0) * (direction[d] ?? 0);
  const norm = Math.sqrt(Math.max(1e-12, 1 - along * along));
  for (let d = 0; d < dims; d += 1) {
    out[at + d] = ((vector[d] ?? 0) - along * (direction?.[d] ?? 0)) / norm;
  }
}

/** The cosine of vectors i and j of the set. */
export function centredCosine(set: CentredVectors, i: number, j: number): number {
  const flat = set.flat;
  return rowDot(flat, i * set.dims, flat, j * set.dims, set.dims);
}

/**
 * The dot product of `dims` numbers of `a` from `at` and of `b` from `bt`, in four running sums:
 * the order row-dots.wat keeps for a search by meaning.
 */
function rowDot(a: Float32Array, at: number, b: Float32Array, bt: number, dims: number): number {
  let s0 = 0;
  let s1 = 0;
  let s2 = 0;
  let s3 = 0;
  let d = 0;
  for (; d + 3 < dims; d += 4) {
    s0 += (a[at + d] as number) * (b[bt + d] as number);
    s1 += (a[at + d + 1] as number) * (b[bt + d + 1] as number);
    s2 += (a[at + d + 2] as number) * (b[bt + d + 2] as number);
    s3 += (a[at + d + 3] as number) * (b[bt + d + 3] as number);
  }
  for (; d < dims; d += 1) s0 += (a[at + d] as number) * (b[bt + d] as number);
  return s0 + s1 + (s2 + s3);
}

/** A row and its score, best first in the lists below. */
export interface ScoredRow {
  row: number;
  score: number;
}

/**
 * The `n` rows nearest the centred unit `query` by cosine, best first (a tie: the earlier row), of
 * those `keep` allows. The kernel scores every row; only the best `n` are kept as they are read.
 */
export function nearestRows(
  set: CentredVectors,
  query: Float32Array,
  n: number,
  keep?: (row: number) => boolean,
): ScoredRow[] {
  const best: ScoredRow[] = [];
  const scores = set.dotsWith(query);
  for (let row = 0; row < set.count; row += 1) {
    if (keep && !keep(row)) continue;
    const score = scores[row] as number;
    if (best.length === n && score <= (best[n - 1] as ScoredRow).score) continue;
    insertBelowEquals(best, { row, score }, n);
  }
  return best;
}

/** Puts `entry` into the list (best first) after every entry scoring as high, kept to `n`. */
function insertBelowEquals(list: ScoredRow[], entry: ScoredRow, n: number): void {
  let at = list.length;
  while (at > 0 && (list[at - 1] as ScoredRow).score < entry.score) at -= 1;
  list.splice(at, 0, entry);
  if (list.length > n) list.pop();
}

/** Rows of the set compared with the candidates in one call of the kernel (bounds its scratch). */
const BLOCK = 512;

/**
 * r(m), a vector's mean cosine to its `HUB_K` nearest others in the set, for each of `rows`: the
 * kernel compares a block of the set's rows with all of them at once, so each row is read once.
 */
export function crowdings(set: CentredVectors, rows: readonly number[]): number[] {
  if (rows.length === 0) return [];
  const { count } = set;
  const nearest = rows.map(() => new Float64Array(HUB_K).fill(Number.NEGATIVE_INFINITY));
  for (let from = 0; from < count; from += BLOCK) {
    const to = Math.min(count, from + BLOCK);
    const dots = set.dotsOfRows(rows, from, to);
    const width = dots.length / (to - from);
    for (let j = from; j < to; j += 1) {
      const at = (j - from) * width;
      for (let c = 0; c < rows.length; c += 1) {
        if (rows[c] !== j) keepLargest(nearest[c] as Float64Array, dots[at + c] as number);
      }
    }
  }
  return nearest.map((values, c) => {
    const taken = Math.min(HUB_K, count - ((rows[c] as number) < count ? 1 : 0));
    let sum = 0;
    for (const value of values) if (value !== Number.NEGATIVE_INFINITY) sum += value;
    return taken > 0 ? sum / taken : 0;
  });
}

/** Keeps the HUB_K largest values seen in `smallestFirst` (ascending): `value` replaces the least. */
function keepLargest(smallestFirst: Float64Array, value: number): void {
  if (value <= (smallestFirst[0] as number)) return;
  let at = 0;
  while (at + 1 < smallestFirst.length && (smallestFirst[at + 1] as number) < value) {
    smallestFirst[at] = smallestFirst[at + 1] as number;
    at += 1;
  }
  smallestFirst[at] = value;
}
