import { describe, expect, it } from "vitest";
import { FeatureBag } from "./feature-bag.js";

/** What the bag replaced: two Maps, counts and the last weight, in first-insertion order. */
function reference(features: ReadonlyArray<[number, number]>): Array<[number, number, number]> {
  const counts = new Map<number, number>();
  const weights = new Map<number, number>();
  for (const [hash, weight] of features) {
    counts.set(hash, (counts.get(hash) ?? 0) + 1);
    weights.set(hash, weight);
  }
  return [...counts].map(([hash, count]) => [hash, count, weights.get(hash) ?? 0]);
}

function contents(bag: FeatureBag): Array<[number, number, number]> {
  const seen: Array<[number, number, number]> = [];
  bag.forEach((hash, count, weight) => {
    seen.push([hash, count, weight]);
  });
  return seen;
}

describe("FeatureBag", () => {
  it("counts like two Maps, in first-insertion order, through growth and reuse", () => {
    const bag = new FeatureBag();
    let seed = 7;
    const next = () => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return seed;
    };
    for (const size of [10, 3000, 50]) {
      // Few distinct hashes (repeats) and colliding low bits (multiples of 4096) both exercised.
      const features: Array<[number, number]> = Array.from({ length: size }, (_, index) => [
        index % 3 === 0 ? (next() % 64) * 4096 : next(),
        (next() % 1000) / 7,
      ]);
      bag.reset();
      for (const [hash, weight] of features) bag.add(hash, weight);
      expect(contents(bag)).toEqual(reference(features));
    }
  });

  it("holds hash 0 and forgets everything on reset", () => {
    const bag = new FeatureBag();
    bag.add(0, 1.5);
    bag.add(0, 2.5);
    expect(contents(bag)).toEqual([[0, 2, 2.5]]);
    bag.reset();
    expect(contents(bag)).toEqual([]);
  });
});
