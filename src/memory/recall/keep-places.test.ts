// A leg added to a fusion takes at most every stride-th place from the ranking without it
// (keep-places.ts).
import { describe, expect, it } from "vitest";
import { keepPlaces } from "./keep-places.js";

const scored = (items: readonly string[]) =>
  items.map((item, index) => ({ item, score: 1 / (index + 1) }));

describe("keepPlaces", () => {
  it("holds the ranking's item at place r to place stride × r or higher", () => {
    // The new leg's x, y, z fused ahead of a, b, c: with stride 2 they alternate.
    const fused = scored(["x", "y", "z", "a", "b", "c"]);
    const kept = keepPlaces(fused, ["a", "b", "c"], 2);
    expect(kept.map((entry) => entry.item)).toEqual(["x", "a", "y", "b", "z", "c"]);
    // Each place keeps its score: scores still read best first.
    expect(kept.map((entry) => entry.score)).toEqual(fused.map((entry) => entry.score));
  });

  it("leaves a fusion alone that already keeps the places", () => {
    const fused = scored(["a", "x", "b", "c", "y"]);
    expect(keepPlaces(fused, ["a", "b", "c"], 2).map((entry) => entry.item)).toEqual([
      "a",
      "x",
      "b",
      "c",
      "y",
    ]);
    // Items of the ranking the fusion lacks are skipped.
    expect(keepPlaces(scored(["x", "a"]), ["q", "a"], 2).map((entry) => entry.item)).toEqual([
      "x",
      "a",
    ]);
  });
});
