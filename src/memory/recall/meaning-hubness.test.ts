// A message's crowding (meaning-hubness.ts): the mean cosine to its nearest others, with the
// common direction taken out.
import { describe, expect, it } from "vitest";
import { normalizeVector } from "../embeddings/embedder.js";
import {
  appendCentred,
  type CentredVectors,
  centred,
  centredCosine,
  crowdings,
  dropFirst,
  HUB_K,
  nearestRows,
} from "./meaning-hubness.js";

/** r of one row alone. */
const crowding = (set: CentredVectors, row: number) => crowdings(set, [row])[0];

function setOf(vectors: number[][], direction?: number[]): CentredVectors {
  const unit = vectors.map((vector) => normalizeVector(Float32Array.from(vector)));
  return centred(unit, direction ? normalizeVector(Float32Array.from(direction)) : null);
}

describe("crowding", () => {
  it("is high for a message among copies of itself and low for one that stands apart", () => {
    const copies = Array.from({ length: HUB_K + 2 }, (_, i) => [1, 0.01 * i, 0]);
    const set = setOf([...copies, [0, 0, 1]]);
    expect(crowding(set, 0)).toBeGreaterThan(0.99);
    expect(crowding(set, copies.length)).toBeLessThan(0.01);
  });

  it("averages only the nearest HUB_K, and fewer when the set is smaller", () => {
    const near = Array.from({ length: HUB_K }, () => [1, 0, 0]);
    const far = Array.from({ length: 5 }, () => [0, 1, 0]);
    expect(crowding(setOf([[1, 0, 0], ...near, ...far]), 0)).toBeCloseTo(1);
    expect(
      crowding(
        setOf([
          [1, 0, 0],
          [1, 0, 0],
          [0, 1, 0],
        ]),
        0,
      ),
    ).toBeCloseTo(0.5);
  });

  it("compares what is left once the common direction is out", () => {
    // Both lean on the common direction x; what is left of them points opposite ways.
    const set = setOf(
      [
        [1, 0.2, 0],
        [1, -0.2, 0],
      ],
      [1, 0, 0],
    );
    expect(centredCosine(set, 0, 1)).toBeCloseTo(-1);
  });

  it("in one pass gives each row what it gives alone, and the mean of the nearest by hand", () => {
    const set = setOf(randomVectors(60, 7, 3));
    const rows = [0, 5, 17, 59, 33];
    const together = crowdings(set, rows);
    rows.forEach((row, c) => {
      const others = Array.from({ length: set.count }, (_, j) => j)
        .filter((j) => j !== row)
        .map((j) => centredCosine(set, row, j))
        .sort((a, b) => b - a)
        .slice(0, HUB_K);
      const byHand = others.reduce((sum, value) => sum + value, 0) / HUB_K;
      expect(together[c]).toBeCloseTo(byHand, 10);
      expect(crowding(set, row)).toBe(together[c]);
    });
  });
});

describe("the centred set", () => {
  it("kept row by row (rows dropped in front, added behind) is the set built at once", () => {
    const direction = normalizeVector(Float32Array.from([1, 1, 0, 0, 0, 0, 0]));
    const vectors = randomVectors(30, 7, 5).map((v) => normalizeVector(Float32Array.from(v)));
    const kept = appendCentred(
      dropFirst(centred(vectors.slice(0, 20), direction), 4),
      vectors.slice(20),
      direction,
    );
    const atOnce = centred(vectors.slice(4), direction);
    expect(kept.count).toBe(26);
    expect(Array.from(kept.flat.subarray(0, 26 * 7))).toEqual(
      Array.from(atOnce.flat.subarray(0, 26 * 7)),
    );
  });
});

describe("nearestRows", () => {
  it("keeps the n best by cosine, a tie to the earlier row, only the rows allowed", () => {
    const set = setOf([
      [0, 1, 0],
      [1, 0, 0],
      [0.9, 0.1, 0],
      [1, 0, 0],
      [0, 0, 1],
    ]);
    const query = normalizeVector(Float32Array.from([1, 0, 0]));
    expect(nearestRows(set, query, 3).map((entry) => entry.row)).toEqual([1, 3, 2]);
    expect(nearestRows(set, query, 2, (row) => row !== 1).map((entry) => entry.row)).toEqual([
      3, 2,
    ]);
    expect(nearestRows(set, query, 10)).toHaveLength(5);
  });
});

/** `count` vectors of `dims` numbers from a fixed seed (a linear congruential sequence). */
function randomVectors(count: number, dims: number, seed: number): number[][] {
  let state = seed;
  const next = () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648 - 0.5;
  };
  return Array.from({ length: count }, () => Array.from({ length: dims }, next));
}
