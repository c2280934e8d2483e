import { describe, expect, it } from "vitest";
import { seededRandom } from "../../test/support/seeded-random.js";
import { cosineSimilarity } from "../memory/embeddings/embedder.js";
import { dequantizeVector, quantizeVector } from "./vector-quantize.js";

describe("int8 storage of vectors", () => {
  it("keeps cosine similarity within 0.02 on 512 dimensions", () => {
    const next = seededRandom(7);
    // Dense and sparse vectors (a hashed bag of words is mostly zeros), correlated pairs too.
    const vector = (density: number) =>
      Float32Array.from({ length: 512 }, () => (next() < density ? next() * 2 - 1 : 0));
    let worst = 0;
    for (let pair = 0; pair < 200; pair += 1) {
      const a = vector(pair % 2 ? 1 : 0.05);
      const b = pair % 3 ? vector(pair % 2 ? 1 : 0.05) : a.map((value) => value + next() * 0.2);
      const stored = cosineSimilarity(
        dequantizeVector(quantizeVector(a)),
        dequantizeVector(quantizeVector(b)),
      );
      worst = Math.max(worst, Math.abs(stored - cosineSimilarity(a, b)));
    }
    expect(worst).toBeLessThan(0.02);
  });

  it("stores one byte per dimension and reads back a unit vector of the same direction", () => {
    const vector = Float32Array.from([3, -4, 0, 0]);
    const stored = quantizeVector(vector);
    expect(stored.byteLength).toBe(4);
    const read = dequantizeVector(stored);
    expect(Array.from(read).map((value) => Number(value.toFixed(2)))).toEqual([0.6, -0.8, 0, 0]);
  });

  it("keeps a zero vector zero", () => {
    expect(Array.from(dequantizeVector(quantizeVector(new Float32Array(8))))).toEqual(
      new Array(8).fill(0),
    );
  });
});
