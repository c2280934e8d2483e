// The tree the composer reads from the index as the tiling opens it must be the tree of the whole
// segment list (test/support/summary-tree-of-list.ts): the same top, the same children, the same tilings.
import { afterEach, describe, expect, it } from "vitest";
import {
  buildConversation,
  openTestMemory,
  type TestMemory,
} from "../../../test/support/memory-fixtures.js";
import { summaryTreeOf } from "../../../test/support/summary-tree-of-list.js";
import type { Segment } from "../../kernel/index.js";
import { planSummaryTiling, type SummaryPiece } from "./compose-summary-block.js";
import { StoredSegments } from "./stored-segments.js";
import type { SegmentTreeView } from "./summary-tree.js";

let memory: TestMemory | null = null;
afterEach(async () => {
  await memory?.close();
  memory = null;
});

const ids = (segments: readonly Segment[] | null) => segments?.map((segment) => segment.id) ?? null;

/** A piece's cost from its range and level: deterministic, different per level. */
function cost(piece: SummaryPiece): number {
  if (piece.kind === "stand-in") return 40 + (piece.seqEnd - piece.seqStart);
  return 20 + 7 * piece.segment.level + (piece.segment.seqEnd - piece.segment.seqStart) / 4;
}

function tilings(tree: SegmentTreeView, end: number): string[][] {
  const plans: string[][] = [];
  for (let trimPoint = 1; trimPoint <= end; trimPoint += 13) {
    for (const budgetTokens of [0, 150, 400, 900, 5_000]) {
      const tiling = planSummaryTiling({ tree, trimPoint, budgetTokens, pieceTokens: cost });
      plans.push(
        tiling.pieces.map((piece) =>
          piece.kind === "segment" ? piece.segment.id : `in:${piece.seqStart}-${piece.seqEnd}`,
        ),
      );
    }
  }
  return plans;
}

async function grownMemory(): Promise<{ test: TestMemory; session: string; end: number }> {
  const test = openTestMemory();
  test.store.appendMessages(buildConversation({ turns: 140 }));
  await test.engine.runUntilIdle();
  const session = test.store.sessionLog.sessionId;
  const end = test.store.segments.levelEnd(session, 0);
  return { test, session, end };
}

describe("StoredSegments", () => {
  it("reads the tree of the whole list: top, children and tilings", async () => {
    const grown = await grownMemory();
    memory = grown.test;
    const list = memory.store.segments.list(grown.session);
    expect(Math.max(...list.map((segment) => segment.level))).toBeGreaterThanOrEqual(2);
    const whole = summaryTreeOf(list);
    const stored = new StoredSegments(memory.store.segments, grown.session);
    expect(ids(stored.top)).toEqual(ids(whole.top));
    for (const segment of list)
      expect(ids(stored.childrenOf(segment))).toEqual(ids(whole.childrenOf(segment)));
    expect(tilings(stored, grown.end)).toEqual(tilings(whole, grown.end));
    const leaves = list.filter((segment) => segment.level === 0).map((s) => s.seqStart);
    expect(stored.leafStartsFrom(0)).toEqual(leaves);
    expect(stored.leafStartsBefore(grown.end, 2)).toEqual(leaves.slice(-2).reverse());
  });

  it("reads a tree with a missing parent row as the list's tree does", async () => {
    const grown = await grownMemory();
    memory = grown.test;
    const list = memory.store.segments.list(grown.session);
    const middle = list.find((segment) => segment.level === 1 && segment.parentId !== null);
    if (!middle) throw new Error("the history has no L1 under a rollup");
    memory.store.db.prepare("DELETE FROM segments WHERE id = ?").run(middle.id);
    const broken = memory.store.segments.list(grown.session);
    const whole = summaryTreeOf(broken);
    const stored = new StoredSegments(memory.store.segments, grown.session);
    // The rollup above the lost row keeps its place but cannot open; the lost row's children
    // are not roots (they would overlap it).
    const above = broken.find((segment) => segment.id === middle.parentId);
    if (!above) throw new Error("the lost row's parent is gone too");
    expect(stored.childrenOf(above)).toBeNull();
    expect(ids(stored.top)).not.toContain(broken.find((s) => s.parentId === middle.id)?.id);
    expect(ids(stored.top)).toEqual(ids(whole.top));
    expect(tilings(stored, grown.end)).toEqual(tilings(whole, grown.end));
  });
});
