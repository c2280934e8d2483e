// The SIMD kernel of recall by meaning (row-dots.ts): built from its source, and the same numbers
// to the last bit as the JavaScript sums it replaced, so no ranking moves.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ROW_DOTS_BINARY, rowDotsBinary } from "../../../scripts/build-row-dots.js";
import { centredCosine } from "./meaning-hubness.js";
import { RowSet } from "./row-dots.js";

/** A set of `count` rows of `dims` numbers from a fixed seed (a linear congruential sequence). */
function seededSet(count: number, dims: number, seed: number): RowSet {
  let state = seed;
  const set = new RowSet(dims);
  const room = set.room(count);
  for (let i = 0; i < count * dims; i += 1) {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    room[i] = state / 2_147_483_648 - 0.5;
  }
  set.count = count;
  return set;
}

const rowOf = (set: RowSet, row: number) => set.flat.slice(row * set.dims, (row + 1) * set.dims);

describe("the row-dots kernel", () => {
  it("ships as built from row-dots.wat (npx tsx scripts/build-row-dots.ts rebuilds it)", async () => {
    expect(Buffer.from(await rowDotsBinary()).equals(readFileSync(ROW_DOTS_BINARY))).toBe(true);
  });

  it("scores a query against every row exactly as the four running sums in JavaScript", () => {
    for (const dims of [100, 7, 3]) {
      const set = seededSet(37, dims, dims);
      const scores = set.dotsWith(rowOf(set, 5));
      expect(scores).toHaveLength(37);
      for (let j = 0; j < 37; j += 1) expect(scores[j]).toBe(centredCosine(set, 5, j));
    }
  });

  it("gives each picked row's dots with a block of rows as one running sum, d after d", () => {
    const dims = 9;
    const set = seededSet(40, dims, 11);
    const picked = [3, 0, 39, 17, 17];
    const dots = set.dotsOfRows(picked, 10, 25);
    const width = dots.length / 15;
    expect(width).toBe(8);
    const flat = set.flat;
    for (let j = 10; j < 25; j += 1) {
      picked.forEach((row, c) => {
        let sum = 0;
        for (let d = 0; d < dims; d += 1)
          sum += (flat[row * dims + d] as number) * (flat[j * dims + d] as number);
        expect(dots[(j - 10) * width + c]).toBe(sum);
      });
    }
  });

  it("keeps its rows when it grows, and drops rows from the front", () => {
    const set = seededSet(30, 5, 3);
    const before = Array.from(set.flat);
    const room = set.room(50_000);
    room.set([1, 2, 3, 4, 5], 30 * 5);
    set.count = 31;
    expect(Array.from(set.flat.subarray(0, 150))).toEqual(before);
    expect(set.dotsWith(Float32Array.from([1, 0, 0, 0, 0]))[30]).toBe(1);
    set.dropFirst(28);
    expect(set.count).toBe(3);
    expect(Array.from(set.flat)).toEqual([...before.slice(140), 1, 2, 3, 4, 5]);
  });
});
