import { describe, expect, it } from "vitest";
import { summaryTreeOf } from "../../../test/support/summary-tree-of-list.js";
import type { SummaryPiece, SummaryTiling } from "./compose-summary-block.js";
import { type PlanTiling, TilingCache } from "./tiling-cache.js";

/** A planner whose tilings hold for budgets within 100 of the one they were planned at. */
function countingPlanner(): { plan: PlanTiling; calls: Array<[number, number]> } {
  const calls: Array<[number, number]> = [];
  const plan: PlanTiling = (_tree, trimPoint, budget): SummaryTiling => {
    calls.push([trimPoint, budget]);
    return { pieces: [], tokens: budget - 50, budgets: { low: budget - 50, high: budget + 100 } };
  };
  return { plan, calls };
}

const tree = summaryTreeOf([]);

describe("TilingCache", () => {
  it("reuses a trim point's tiling while the budget stays in its range", () => {
    const { plan, calls } = countingPlanner();
    const cache = new TilingCache(plan);
    const at = (trimPoint: number, budget: number) =>
      cache.entry({ tree, version: 1, trimPoint, budget }).tiling.tokens;
    expect(at(10, 1_000)).toBe(950);
    expect(at(10, 1_099)).toBe(950);
    expect(at(10, 950)).toBe(950);
    expect(calls).toEqual([[10, 1_000]]);
    expect(at(10, 1_100)).toBe(1_050); // at `high`: planned again
    expect(at(10, 949)).toBe(899); // under the new range's `low`
    expect(at(20, 949)).toBe(899); // another trim point
    expect(calls).toEqual([
      [10, 1_000],
      [10, 1_100],
      [10, 949],
      [20, 949],
    ]);
  });

  it("plans again once the segments were read at another version", () => {
    const { plan, calls } = countingPlanner();
    const cache = new TilingCache(plan);
    cache.entry({ tree, version: 1, trimPoint: 10, budget: 1_000 });
    cache.entry({ tree, version: 2, trimPoint: 10, budget: 1_000 });
    cache.entry({ tree, version: 2, trimPoint: 10, budget: 1_000 });
    expect(calls).toHaveLength(2);
  });

  it("drops the least recently used trim point when full, not one in use", () => {
    const { plan, calls } = countingPlanner();
    const cache = new TilingCache(plan);
    const at = (trimPoint: number) => cache.entry({ tree, version: 1, trimPoint, budget: 0 });
    for (let trimPoint = 0; trimPoint < 4_096; trimPoint += 1) at(trimPoint);
    at(0); // used again: now the newest
    at(5_000); // one more than fits: trim point 1 goes
    calls.length = 0;
    at(0);
    at(2);
    expect(calls).toEqual([]);
    at(1);
    expect(calls).toEqual([[1, 0]]);
  });

  it("drops the least recently used tilings when their pieces pass the bound", () => {
    const large: SummaryPiece[] = Array.from({ length: 100_000 }, (_, seq) => ({
      kind: "stand-in",
      seqStart: seq,
      seqEnd: seq + 1,
    }));
    const calls: number[] = [];
    const cache = new TilingCache((_tree, trimPoint) => {
      calls.push(trimPoint);
      return { pieces: large, tokens: 0, budgets: { low: 0, high: 1 } };
    });
    const at = (trimPoint: number) => cache.entry({ tree, version: 1, trimPoint, budget: 0 });
    at(1);
    at(2);
    at(1); // the newest now: trim point 2 goes first
    at(3); // 300,000 pieces: one tiling must go
    at(1);
    at(3);
    expect(calls).toEqual([1, 2, 3]);
    at(2);
    expect(calls).toEqual([1, 2, 3, 2]);
  });
});
