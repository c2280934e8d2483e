import { describe, expect, it } from "vitest";
import { seededRandom } from "../../test/support/seeded-random.js";
import { packVector, unpackVector } from "./vector-pack.js";
import { quantizeVector } from "./vector-quantize.js";

describe("packed int8 vectors", () => {
  it("reads back the same bytes, sparse or dense, in a fraction of the space when sparse", () => {
    const next = seededRandom(11);
    for (const density of [0, 0.02, 0.07, 0.5, 1]) {
      const vector = Float32Array.from({ length: 384 }, () =>
        next() < density ? next() * 2 - 1 : 0,
      );
      const bytes = quantizeVector(vector);
      const packed = packVector(bytes);
      expect(Buffer.compare(unpackVector(packed), bytes)).toBe(0);
      expect(packed.length).toBeLessThanOrEqual(bytes.length + 1);
      if (density <= 0.07) expect(packed.length).toBeLessThan(bytes.length / 3);
    }
  });

  it("keeps a short dense vector dense and refuses a blob it did not write", () => {
    const bytes = quantizeVector(Float32Array.from([1, -1, 0.5, 0.25]));
    expect(packVector(bytes)[0]).toBe(0);
    expect(() => unpackVector(Buffer.from([7, 1, 2]))).toThrow(/not a packed vector/);
  });
});
