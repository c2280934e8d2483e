import { describe, expect, it } from "vitest";
import { cosineSimilarity } from "../embeddings/embedder.js";
import { findTopicShifts, shiftThreshold, windowSimilarities } from "./topic-shift.js";

function randomVectors(count: number, dimensions: number, seed: number): Float32Array[] {
  let state = seed;
  const next = () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648 - 0.5;
  };
  return Array.from({ length: count }, () => Float32Array.from({ length: dimensions }, next));
}

function mean(vectors: Float32Array[], weights: number[]): Float64Array {
  const sum = new Float64Array(vectors[0]?.length ?? 0);
  vectors.forEach((vector, row) => {
    vector.forEach((value, index) => {
      sum[index] = (sum[index] ?? 0) + value * (weights[row] ?? 1);
    });
  });
  return sum;
}

describe("windowSimilarities", () => {
  it("equals the brute-force cosine of the window means", () => {
    const vectors = randomVectors(40, 16, 3);
    const weights = vectors.map((_, index) => 1 + (index % 4));
    const candidates = [1, 2, 5, 9, 10, 20, 33, 38, 39];
    const window = 4;
    const fast = windowSimilarities({ vectors, candidates, window, weights });
    candidates.forEach((candidate, position) => {
      const from = Math.max(0, candidate - window);
      const to = Math.min(vectors.length, candidate + window);
      const before = mean(vectors.slice(from, candidate), weights.slice(from, candidate));
      const after = mean(vectors.slice(candidate, to), weights.slice(candidate, to));
      expect(fast[position]).toBeCloseTo(cosineSimilarity(before, after), 9);
    });
  });

  it("gives NaN when one side holds only zero vectors", () => {
    const zero = new Float32Array(4);
    const one = new Float32Array([1, 0, 0, 0]);
    const similarities = windowSimilarities({
      vectors: [zero, zero, one, one],
      candidates: [2, 3],
      window: 2,
    });
    expect(Number.isNaN(similarities[0])).toBe(true);
    expect(similarities[1]).toBeCloseTo(1, 9);
  });

  it("throws on vectors of mixed length", () => {
    const vectors = [new Float32Array(4), new Float32Array(3)];
    expect(() => windowSimilarities({ vectors, candidates: [1], window: 1 })).toThrow(/mixed/);
  });
});

describe("shiftThreshold", () => {
  it("sits 1.5 robust deviations under the median, unmoved by the outliers themselves", () => {
    const series = [0.5, 0.52, 0.48, 0.5, 0.54, 0.46, 0.5, 0.05, 0.5, -0.2];
    // median 0.5, MAD 0.02 → 0.5 − 1.5 · 1.4826 · 0.02
    expect(shiftThreshold(series)).toBeCloseTo(0.5 - 1.5 * 1.4826 * 0.02, 9);
    expect(shiftThreshold(series, 3)).toBeCloseTo(0.5 - 3 * 1.4826 * 0.02, 9);
  });

  it("scales with the embedder: the same shape at another level gives the same decisions", () => {
    const low = [0.2, 0.22, 0.18, 0.2, 0.21, 0.19, 0.02, 0.2];
    const high = low.map((value) => 0.6 + value * 0.5);
    const lowThreshold = shiftThreshold(low)!;
    const highThreshold = shiftThreshold(high)!;
    expect(low.map((value) => value < lowThreshold)).toEqual(
      high.map((value) => value < highThreshold),
    );
  });

  it("ignores NaN and refuses to calibrate on too few samples", () => {
    expect(shiftThreshold([0.1, Number.NaN, 0.2, 0.3, Number.NaN])).toBeNull();
    expect(shiftThreshold([0.1, 0.2, 0.3, 0.4, 0.5, 0.6, Number.NaN])).not.toBeNull();
  });
});

describe("findTopicShifts", () => {
  it("marks only the bottom of each valley below the threshold", () => {
    const candidates = [2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30];
    const similarities = [
      0.5, 0.4, 0.2, 0.1, 0.2, 0.4, 0.5, 0.5, 0.45, 0.35, 0.5, 0.5, 0.3, 0.15, 0.5,
    ];
    const shifts = findTopicShifts({ candidates, similarities, threshold: 0.25, window: 5 });
    expect(candidates.filter((_, position) => shifts[position])).toEqual([8, 28]);
  });

  it("keeps the earliest of equal minima and skips NaN", () => {
    const candidates = [2, 4, 6, 8];
    const similarities = [0.5, 0.1, 0.1, Number.NaN];
    const shifts = findTopicShifts({ candidates, similarities, threshold: 0.3, window: 5 });
    expect(shifts).toEqual([false, true, false, false]);
  });

  it("finds nothing without a threshold", () => {
    const shifts = findTopicShifts({
      candidates: [1, 2],
      similarities: [0, 0],
      threshold: null,
      window: 2,
    });
    expect(shifts).toEqual([false, false]);
  });
});
