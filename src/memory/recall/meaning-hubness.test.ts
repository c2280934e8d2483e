// A message's crowding (meaning-hubness.ts): the mean cosine to its nearest others, with the
// common direction taken out.
import { describe, expect, it } from "vitest";
import { normalizeVector } from "../embeddings/embedder.js";
import { type CentredVectors, centred, centredCosine, crowding, HUB_K } from "./meaning-hubness.js";

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
});
