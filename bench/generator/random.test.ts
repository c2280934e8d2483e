import { describe, expect, it } from "vitest";
import { createRandom } from "./random.js";

describe("createRandom", () => {
  it("repeats its sequence for a seed", () => {
    const first = createRandom(42);
    const second = createRandom(42);
    const values = Array.from({ length: 50 }, () => first.next());
    expect(Array.from({ length: 50 }, () => second.next())).toEqual(values);
    expect(new Set(values).size).toBe(50);
  });

  it("keeps int() inside its inclusive bounds and reaches both ends", () => {
    const random = createRandom(1);
    const seen = new Set<number>();
    for (let index = 0; index < 2000; index += 1) seen.add(random.int(3, 7));
    expect([...seen].sort()).toEqual([3, 4, 5, 6, 7]);
  });

  it("samples distinct items and refuses to pick from an empty list", () => {
    const random = createRandom(9);
    const items = ["a", "b", "c", "d", "e"];
    const sample = random.sample(items, 3);
    expect(new Set(sample).size).toBe(3);
    expect(random.sample(items, 10)).toHaveLength(5);
    expect(() => random.pick([])).toThrow(RangeError);
  });
});
