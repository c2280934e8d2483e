// Segmentation quality against the generator's topic boundaries: Pk (Beeferman et al. 1999),
// WindowDiff (Pevzner & Hearst 2002) and boundary precision/recall/F1 within ±tolerance messages.
// Pure.
import type { SegmentationQuality } from "../report/results-schema.js";

export interface ScoreSegmentationOptions {
  messageCount: number;
  /** Seqs where a true topic block starts (0 is ignored: it is not a boundary). */
  reference: readonly number[];
  /** Seqs where a segment starts (0 ignored). */
  hypothesis: readonly number[];
  /** A hypothesis boundary within this many messages of a reference boundary matches it. */
  tolerance: number;
}

/** counts[j] = boundaries b with 0 < b ≤ j: boundaries inside (i, j] = counts[j] − counts[i]. */
function boundaryCounts(boundaries: readonly number[], messageCount: number): Int32Array {
  const counts = new Int32Array(messageCount);
  const starts = new Set(boundaries);
  let count = 0;
  for (let index = 0; index < messageCount; index += 1) {
    if (index > 0 && starts.has(index)) count += 1;
    counts[index] = count;
  }
  return counts;
}

/** Pk and WindowDiff for window `k`: the share of windows where the two segmentations disagree. */
function windowErrors(
  reference: Int32Array,
  hypothesis: Int32Array,
  k: number,
): { pk: number; windowDiff: number } {
  const windows = reference.length - k;
  if (windows <= 0) return { pk: 0, windowDiff: 0 };
  let pkErrors = 0;
  let windowDiffErrors = 0;
  for (let index = 0; index < windows; index += 1) {
    const inReference = (reference[index + k] ?? 0) - (reference[index] ?? 0);
    const inHypothesis = (hypothesis[index + k] ?? 0) - (hypothesis[index] ?? 0);
    if ((inReference === 0) !== (inHypothesis === 0)) pkErrors += 1;
    if (inReference !== inHypothesis) windowDiffErrors += 1;
  }
  return { pk: pkErrors / windows, windowDiff: windowDiffErrors / windows };
}

/** One-to-one matches within `tolerance`, scanning both sorted lists once (nearest first). */
function countMatches(reference: number[], hypothesis: number[], tolerance: number): number {
  let matches = 0;
  let next = 0;
  for (const boundary of hypothesis) {
    while (next < reference.length && (reference[next] ?? 0) < boundary - tolerance) next += 1;
    const candidate = reference[next];
    if (candidate !== undefined && Math.abs(candidate - boundary) <= tolerance) {
      matches += 1;
      next += 1;
    }
  }
  return matches;
}

const round = (value: number) => Math.round(value * 1000) / 1000;

export function scoreSegmentation(options: ScoreSegmentationOptions): SegmentationQuality {
  const { messageCount, tolerance } = options;
  const inside = (seq: number) => seq > 0 && seq < messageCount;
  const reference = [...new Set(options.reference.filter(inside))].sort((a, b) => a - b);
  const hypothesis = [...new Set(options.hypothesis.filter(inside))].sort((a, b) => a - b);
  // k: half the mean reference segment length, the usual choice for both metrics.
  const k = Math.max(1, Math.round(messageCount / (2 * (reference.length + 1))));
  const errors = windowErrors(
    boundaryCounts(reference, messageCount),
    boundaryCounts(hypothesis, messageCount),
    k,
  );
  const matches = countMatches(reference, hypothesis, tolerance);
  const precision = hypothesis.length === 0 ? 0 : matches / hypothesis.length;
  const recall = reference.length === 0 ? 0 : matches / reference.length;
  const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
  return {
    tolerance,
    k,
    pk: round(errors.pk),
    windowDiff: round(errors.windowDiff),
    precision: round(precision),
    recall: round(recall),
    f1: round(f1),
    precisionCeiling: round(
      hypothesis.length === 0 ? 0 : Math.min(1, reference.length / hypothesis.length),
    ),
    hypothesisBoundaries: hypothesis.length,
    referenceBoundaries: reference.length,
  };
}
