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

/**
 * Unit vectors with the common direction taken out, one after another in `flat` (rows
 * `0 … count − 1`; `flat` may hold room for more, so the set can grow without a copy).
 */
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
  const set = { flat: new Float32Array(0), dims: vectors[0]?.length ?? 0, count: 0 };
  return appendCentred(set, vectors, direction);
}

/** `set` with `vectors` centred after its rows; a new, larger array when they do not fit. */
export function appendCentred(
  set: CentredVectors,
  vectors: readonly Float32Array[],
  direction: Float32Array | null,
): CentredVectors {
  const dims = set.dims || (vectors[0]?.length ?? 0);
  const needed = (set.count + vectors.length) * dims;
  let flat = set.flat;
  if (needed > flat.length) {
    flat = new Float32Array(Math.ceil(needed * 1.25));
    flat.set(set.flat.subarray(0, set.count * dims));
  }
  vectors.forEach((vector, i) => {
    writeCentred(flat, (set.count + i) * dims, vector, direction);
  });
  return { flat, dims, count: set.count + vectors.length };
}

/** `set` without its first `drop` rows (in place). */
export function dropFirst(set: CentredVectors, drop: number): CentredVectors {
  const { flat, dims, count } = set;
  const kept = Math.max(0, count - drop);
  flat.copyWithin(0, (count - kept) * dims, count * dims);
  return { flat, dims, count: kept };
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
  return rowDot(set.flat, i * set.dims, set.flat, j * set.dims, set.dims);
}

/** The dot product of `dims` numbers of `a` from `at` and of `b` from `bt`. */
function rowDot(a: Float32Array, at: number, b: Float32Array, bt: number, dims: number): number {
  // Four sums at once: the hot loop of every search by meaning and of crowding.
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
 * those `keep` allows. One pass over the set; only the best `n` are kept as it goes.
 */
export function nearestRows(
  set: CentredVectors,
  query: Float32Array,
  n: number,
  keep?: (row: number) => boolean,
): ScoredRow[] {
  const best: ScoredRow[] = [];
  for (let row = 0; row < set.count; row += 1) {
    if (keep && !keep(row)) continue;
    const score = rowDot(query, 0, set.flat, row * set.dims, set.dims);
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

/**
 * r(m), a vector's mean cosine to its `HUB_K` nearest others in the set, for each of `rows`, in
 * one pass over the set: each row of the set is read once and compared with all of them (their
 * vectors stay in the cache, which a pass per row would not allow).
 */
export function crowdings(set: CentredVectors, rows: readonly number[]): number[] {
  const { flat, dims, count } = set;
  const own = new Float32Array(rows.length * dims);
  rows.forEach((row, c) => {
    own.set(flat.subarray(row * dims, (row + 1) * dims), c * dims);
  });
  const nearest = rows.map(() => new Float64Array(HUB_K).fill(Number.NEGATIVE_INFINITY));
  const cosines = new Float64Array(rows.length);
  for (let j = 0; j < count; j += 1) {
    cosinesTo(own, flat, j * dims, dims, cosines);
    for (let c = 0; c < rows.length; c += 1) {
      if (rows[c] !== j) keepLargest(nearest[c] as Float64Array, cosines[c] as number);
    }
  }
  return nearest.map((values, c) => {
    const taken = Math.min(HUB_K, count - ((rows[c] as number) < count ? 1 : 0));
    let sum = 0;
    for (const value of values) if (value !== Number.NEGATIVE_INFINITY) sum += value;
    return taken > 0 ? sum / taken : 0;
  });
}

/**
 * The dot product of row `at` of `flat` with each of the vectors in `own`, into `out`; four of
 * them a pass, so each number of the row is read once for four (each sum still in order).
 */
function cosinesTo(
  own: Float32Array,
  flat: Float32Array,
  at: number,
  dims: number,
  out: Float64Array,
): void {
  const n = out.length;
  let c = 0;
  for (; c + 3 < n; c += 4) {
    const a0 = c * dims;
    const a1 = a0 + dims;
    const a2 = a1 + dims;
    const a3 = a2 + dims;
    let s0 = 0;
    let s1 = 0;
    let s2 = 0;
    let s3 = 0;
    for (let d = 0; d < dims; d += 1) {
      const x = flat[at + d] as number;
      s0 += (own[a0 + d] as number) * x;
      s1 += (own[a1 + d] as number) * x;
      s2 += (own[a2 + d] as number) * x;
      s3 += (own[a3 + d] as number) * x;
    }
    out[c] = s0;
    out[c + 1] = s1;
    out[c + 2] = s2;
    out[c + 3] = s3;
  }
  for (; c < n; c += 1) {
    let sum = 0;
    for (let d = 0, a = c * dims; d < dims; d += 1)
      sum += (own[a + d] as number) * (flat[at + d] as number);
    out[c] = sum;
  }
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
