// Topic-shift detection on windowed embeddings: how similar the messages before a candidate
// boundary are to the messages after it, and which candidates are shifts. Pure: no I/O.
import { KernError } from "../../kernel/index.js";

export interface WindowSimilarityOptions {
  /** One unit (or zero) vector per message, all the same length. */
  vectors: ReadonlyArray<Float32Array>;
  /** Candidate boundaries: strictly increasing indexes in [1, vectors.length). */
  candidates: ReadonlyArray<number>;
  /** Messages compared on each side; single-message comparisons are near random (LESSONS). */
  window: number;
  /** Weight of each message in its window's mean (default 1 each). */
  weights?: ArrayLike<number>;
}

interface WindowSum {
  sum: Float64Array;
  /** Non-zero vectors inside; at 0 the sum is reset to exact zeros (no float drift). */
  count: number;
}

function isZero(vector: Float32Array): boolean {
  for (let index = 0; index < vector.length; index += 1) if (vector[index] !== 0) return false;
  return true;
}

/** Adds (sign 1) or removes (sign -1) a weighted vector; zero-weight or zero vectors are skipped. */
function shift(target: WindowSum, vector: Float32Array, weight: number, sign: 1 | -1): void {
  if (weight === 0) return;
  target.count += sign;
  if (target.count === 0) {
    target.sum.fill(0);
    return;
  }
  const scale = sign * weight;
  for (let index = 0; index < vector.length; index += 1) {
    target.sum[index] = (target.sum[index] ?? 0) + scale * (vector[index] ?? 0);
  }
}

function sumCosine(a: WindowSum, b: WindowSum): number {
  if (a.count === 0 || b.count === 0) return Number.NaN;
  let dot = 0;
  let normA = 0;
  let normB = 0;
  for (let index = 0; index < a.sum.length; index += 1) {
    const x = a.sum[index] ?? 0;
    const y = b.sum[index] ?? 0;
    dot += x * y;
    normA += x * x;
    normB += y * y;
  }
  return normA === 0 || normB === 0 ? Number.NaN : dot / Math.sqrt(normA * normB);
}

/**
 * For each candidate c, the cosine between the (weighted) mean vector of messages [c − window, c)
 * and of [c, c + window), clipped to the array; NaN when either side has no non-zero vector.
 * Sliding sums make it O(n · dimensions) for all candidates together. Throws on vectors of mixed
 * length.
 */
export function windowSimilarities(options: WindowSimilarityOptions): Float64Array {
  const { vectors, candidates, window } = options;
  const result = new Float64Array(candidates.length).fill(Number.NaN);
  const dimensions = vectors[0]?.length ?? 0;
  const weights = vectors.map((vector, index) => {
    if (vector.length !== dimensions) {
      throw new KernError(
        "KERN_INTERNAL",
        `topic shift: vectors of mixed length (${vector.length} vs ${dimensions})`,
      );
    }
    const weight = options.weights?.[index] ?? 1;
    return isZero(vector) || !(weight > 0) ? 0 : weight;
  });
  const before: WindowSum = { sum: new Float64Array(dimensions), count: 0 };
  const after: WindowSum = { sum: new Float64Array(dimensions), count: 0 };
  let beforeStart = 0;
  let boundary = 0; // before = [beforeStart, boundary), after = [boundary, afterEnd)
  let afterEnd = 0;
  candidates.forEach((candidate, position) => {
    const targetEnd = Math.min(vectors.length, candidate + window);
    for (; afterEnd < targetEnd; afterEnd += 1) {
      shift(after, vectors[afterEnd] as Float32Array, weights[afterEnd] ?? 0, 1);
    }
    for (; boundary < candidate; boundary += 1) {
      const vector = vectors[boundary] as Float32Array;
      shift(after, vector, weights[boundary] ?? 0, -1);
      shift(before, vector, weights[boundary] ?? 0, 1);
    }
    for (; beforeStart < candidate - window; beforeStart += 1) {
      shift(before, vectors[beforeStart] as Float32Array, weights[beforeStart] ?? 0, -1);
    }
    result[position] = sumCosine(before, after);
  });
  return result;
}

/** Fewer finite similarities than this give no threshold: too little data to call anything odd. */
const MIN_CALIBRATION_SAMPLES = 6;
/** MAD × 1.4826 estimates the standard deviation of normally distributed data. */
const MAD_TO_DEVIATION = 1.4826;

function median(sorted: ReadonlyArray<number>): number {
  const middle = Math.floor(sorted.length / 2);
  const upper = sorted[middle] ?? 0;
  return sorted.length % 2 === 1 ? upper : ((sorted[middle - 1] ?? 0) + upper) / 2;
}

/**
 * The similarity below which a candidate counts as a topic shift, calibrated on the session's own
 * series: median − deviations · σ̂ with σ̂ = 1.4826 · MAD. Why calibrate: absolute cosines depend on
 * the embedder (hashed TF-IDF gives ~0.2–0.6 within a topic, dense models ~0.6–0.9), so a fixed
 * number fits one embedder only; "unusually dissimilar for this session" fits all. Why median and
 * MAD rather than mean and stddev: real shifts are the outliers we look for, and they would drag a
 * mean down and inflate a stddev, hiding themselves. Returns null with too few samples.
 */
export function shiftThreshold(similarities: ArrayLike<number>, deviations = 1.5): number | null {
  const finite: number[] = [];
  for (let index = 0; index < similarities.length; index += 1) {
    const value = similarities[index] ?? Number.NaN;
    if (Number.isFinite(value)) finite.push(value);
  }
  if (finite.length < MIN_CALIBRATION_SAMPLES) return null;
  finite.sort((a, b) => a - b);
  const center = median(finite);
  const spread = median(finite.map((value) => Math.abs(value - center)).sort((a, b) => a - b));
  return center - deviations * MAD_TO_DEVIATION * spread;
}

export interface TopicShiftOptions {
  candidates: ReadonlyArray<number>;
  similarities: ArrayLike<number>;
  threshold: number | null;
  /** Neighbourhood (in messages, each side) a shift must be the lowest similarity of. */
  window: number;
}

/**
 * Marks candidates that are topic shifts: similarity below the threshold and a local minimum among
 * the candidates within `window` messages on either side (ties go to the earliest). A valley of a
 * windowed series is ~2·window wide; only its bottom is the boundary. O(candidates · window).
 */
export function findTopicShifts(options: TopicShiftOptions): boolean[] {
  const { candidates, similarities, threshold, window } = options;
  const shifts = new Array<boolean>(candidates.length).fill(false);
  if (threshold === null) return shifts;
  let low = 0;
  for (let position = 0; position < candidates.length; position += 1) {
    const value = similarities[position] ?? Number.NaN;
    const at = candidates[position] ?? 0;
    if (!(value < threshold)) continue;
    while ((candidates[low] ?? 0) < at - window) low += 1;
    let isMinimum = true;
    for (let other = low; other < candidates.length; other += 1) {
      const otherAt = candidates[other] ?? 0;
      if (otherAt > at + window) break;
      const otherValue = similarities[other] ?? Number.NaN;
      if (other < position ? otherValue <= value : otherValue < value) isMinimum = false;
      if (!isMinimum) break;
    }
    shifts[position] = isMinimum;
  }
  return shifts;
}
