import { describe, expect, it } from "vitest";
import { summaryTreeOf } from "../../../test/support/summary-tree-of-list.js";
import type { Segment } from "../../kernel/index.js";
import {
  pieceEnd,
  pieceStart,
  planSummaryTiling,
  type SummaryPiece,
} from "./compose-summary-block.js";

function segment(
  level: number,
  seqStart: number,
  seqEnd: number,
  parentId: string | null = null,
): Segment {
  return {
    id: `L${level}-${seqStart}-${seqEnd}`,
    session: "s",
    level,
    seqStart,
    seqEnd,
    parentId,
    tokenCount: (seqEnd - seqStart) * 100,
    summary: "- summary",
    summaryTokens: 10,
    method: "extractive",
    firstTs: "2026-04-02T06:00:00.000Z",
    lastTs: "2026-04-02T07:00:00.000Z",
    stale: false,
  };
}

/** Nine L0s of 10 messages under three L1s under one L2, then two parentless L0s. */
function tree(): Segment[] {
  const segments: Segment[] = [segment(2, 0, 90)];
  for (let parent = 0; parent < 3; parent += 1) {
    segments.push(segment(1, parent * 30, parent * 30 + 30, "L2-0-90"));
    for (let child = 0; child < 3; child += 1) {
      const start = parent * 30 + child * 10;
      segments.push(segment(0, start, start + 10, `L1-${parent * 30}-${parent * 30 + 30}`));
    }
  }
  segments.push(segment(0, 90, 100), segment(0, 100, 110));
  return segments;
}

const ids = (pieces: SummaryPiece[]) =>
  pieces.map((piece) =>
    piece.kind === "segment" ? piece.segment.id : `stand-in-${piece.seqStart}-${piece.seqEnd}`,
  );

function expectTiles(pieces: SummaryPiece[], trimPoint: number): void {
  let cursor = 0;
  for (const piece of pieces) {
    expect(pieceStart(piece)).toBe(cursor);
    cursor = pieceEnd(piece);
  }
  expect(cursor).toBe(trimPoint);
}

describe("planSummaryTiling", () => {
  const cost = () => 10;

  it("uses the top of the tree when the budget allows no more", () => {
    const tiling = planSummaryTiling({
      tree: summaryTreeOf(tree()),
      trimPoint: 110,
      budgetTokens: 30,
      pieceTokens: cost,
    });
    expect(ids(tiling.pieces)).toEqual(["L2-0-90", "L0-90-100", "L0-100-110"]);
    expect(tiling.tokens).toBe(30);
  });

  it("opens the highest level first, newest first within it", () => {
    const tiling = planSummaryTiling({
      tree: summaryTreeOf(tree()),
      trimPoint: 110,
      budgetTokens: 80,
      pieceTokens: cost,
    });
    expectTiles(tiling.pieces, 110);
    expect(ids(tiling.pieces)).toEqual([
      "L1-0-30",
      "L1-30-60",
      "L0-60-70",
      "L0-70-80",
      "L0-80-90",
      "L0-90-100",
      "L0-100-110",
    ]);
    expect(tiling.tokens).toBeLessThanOrEqual(80);
  });

  it("opens the distant past's top level before giving recent history L0 detail", () => {
    // An L2 over 0-90, then an L1 over 90-120 whose parent does not exist yet.
    const segments = tree().filter((s) => s.seqStart < 90);
    segments.push(segment(1, 90, 120));
    for (let start = 90; start < 120; start += 10)
      segments.push(segment(0, start, start + 10, "L1-90-120"));
    const tiling = planSummaryTiling({
      tree: summaryTreeOf(segments),
      trimPoint: 120,
      budgetTokens: 50,
      pieceTokens: cost,
    });
    expectTiles(tiling.pieces, 120);
    // Opening L1-90-120 first (40 tokens) would leave the L2 closed: 0-90 at the top level.
    expect(ids(tiling.pieces)).toEqual(["L1-0-30", "L1-30-60", "L1-60-90", "L1-90-120"]);
    // A piece whose children do not fit is skipped; a cheaper one elsewhere still opens.
    const cheap = planSummaryTiling({
      tree: summaryTreeOf(segments),
      trimPoint: 120,
      budgetTokens: 80,
      pieceTokens: (piece) => (piece.kind === "segment" && piece.segment.seqStart >= 90 ? 30 : 10),
    });
    expect(ids(cheap.pieces)).toEqual([
      "L1-0-30",
      "L1-30-60",
      "L0-60-70",
      "L0-70-80",
      "L0-80-90",
      "L1-90-120",
    ]);
  });

  it("opens the rollup that recovers the most history per token first, above level 1", () => {
    // Two L2s of 90 messages over L1s of 30 and L0s of 10; the newer L2's L1s cost 30 tokens.
    const segments = [segment(2, 0, 90), segment(2, 90, 180)];
    for (let start = 0; start < 180; start += 30) {
      segments.push(segment(1, start, start + 30, start < 90 ? "L2-0-90" : "L2-90-180"));
      for (let child = start; child < start + 30; child += 10)
        segments.push(segment(0, child, child + 10, `L1-${start}-${start + 30}`));
    }
    const tiling = planSummaryTiling({
      tree: summaryTreeOf(segments),
      trimPoint: 180,
      budgetTokens: 100,
      pieceTokens: (piece) =>
        piece.kind === "segment" && piece.segment.level === 1 && piece.segment.seqStart >= 90
          ? 30
          : 10,
    });
    expectTiles(tiling.pieces, 180);
    // Newest first would open the newer L2 (+80 tokens) and leave no room for the older one
    // (+20): 90 messages below L2 either way, but this way 60 tokens are left to open L1s.
    expect(ids(tiling.pieces).at(-1)).toBe("L2-90-180");
    expect(ids(tiling.pieces)).not.toContain("L2-0-90");
    expect(tiling.pieces.filter((piece) => pieceEnd(piece) <= 90).length).toBeGreaterThan(3);
    expect(tiling.tokens).toBeLessThanOrEqual(100);
  });

  it("splits a parent that straddles the trim point and stands in for the rest", () => {
    const tiling = planSummaryTiling({
      tree: summaryTreeOf(tree()),
      trimPoint: 75,
      budgetTokens: 1_000,
      pieceTokens: cost,
    });
    expectTiles(tiling.pieces, 75);
    expect(ids(tiling.pieces).slice(-2)).toEqual(["L0-60-70", "stand-in-70-75"]);
  });

  it("covers a range past the last segment with a stand-in", () => {
    const tiling = planSummaryTiling({
      tree: summaryTreeOf(tree()),
      trimPoint: 130,
      budgetTokens: 30,
      pieceTokens: cost,
    });
    expectTiles(tiling.pieces, 130);
    expect(ids(tiling.pieces).at(-1)).toBe("stand-in-110-130");
  });

  it("keeps a rollup closed whose children are broken", () => {
    const segments = tree().filter((piece) => piece.id !== "L1-30-60"); // children point to a missing parent
    const tiling = planSummaryTiling({
      tree: summaryTreeOf(segments),
      trimPoint: 110,
      budgetTokens: 1_000,
      pieceTokens: cost,
    });
    expectTiles(tiling.pieces, 110);
    expect(ids(tiling.pieces)).toEqual(["L2-0-90", "L0-90-100", "L0-100-110"]);
  });

  it("falls back to the L0s when the top of the tree is broken", () => {
    const segments = tree().filter((piece) => piece.id !== "L2-0-90"); // the L1s lost their parent
    const tiling = planSummaryTiling({
      tree: summaryTreeOf(segments),
      trimPoint: 110,
      budgetTokens: 1_000,
      pieceTokens: cost,
    });
    expectTiles(tiling.pieces, 110);
    expect(
      tiling.pieces.every((piece) => piece.kind === "segment" && piece.segment.level === 0),
    ).toBe(true);
  });

  it("returns the top level even over budget (the composer shortens it)", () => {
    const tiling = planSummaryTiling({
      tree: summaryTreeOf(tree()),
      trimPoint: 110,
      budgetTokens: 5,
      pieceTokens: cost,
    });
    expect(tiling.pieces).toHaveLength(3);
    expect(tiling.tokens).toBe(30);
  });
});
