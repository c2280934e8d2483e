import { describe, expect, it } from "vitest";
import { firstComponent, withoutComponent } from "./common-component.js";
import { cosineSimilarity, normalizeVector } from "./embedder.js";

const unit = (...values: number[]) => normalizeVector(Float32Array.from(values));

describe("common component removal", () => {
  it("finds the direction the vectors share and compares what is left", () => {
    // Three texts that share a strong common direction (x) and differ a little (y, z).
    const vectors = [unit(1, 0.2, 0), unit(1, -0.2, 0), unit(1, 0, 0.2)];
    const common = firstComponent(vectors);
    expect(common).not.toBeNull();
    expect(Math.abs(common?.[0] ?? 0)).toBeGreaterThan(0.95);
    const [a, b] = vectors.map((vector) => withoutComponent(vector, common ?? vector));
    expect(cosineSimilarity(vectors[0] ?? [], vectors[1] ?? [])).toBeGreaterThan(0.9);
    // Without it, the two that differ in y point apart.
    expect(cosineSimilarity(a ?? [], b ?? [])).toBeLessThan(-0.5);
  });

  it("has no direction for zero vectors", () => {
    expect(firstComponent([new Float32Array(3)])).toBeNull();
  });
});
