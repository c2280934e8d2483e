// The segment tree the summary tiling walks (SegmentTreeView): its top level and children by
// parent. StoredSegments reads it from the index; the tests build it from a list of segments
// (test/support/summary-tree-of-list.ts). Pure: no I/O.
import type { Segment } from "../../kernel/index.js";

/** The tree the summary tiling walks: its top, and each segment's children when they tile it. */
export interface SegmentTreeView {
  /** Parentless segments (or the L0s of a broken tree), oldest first, tiling from 0. */
  readonly top: readonly Segment[];
  /** A segment's children, oldest first, when they tile it exactly; null for L0s and broken parents. */
  childrenOf(segment: Segment): readonly Segment[] | null;
}

/** True when `parts` cover `[start, end)` contiguously, with nothing left over. */
export function tiles(parts: readonly Segment[], start: number, end: number): boolean {
  let cursor = start;
  for (const part of parts) {
    if (part.seqStart !== cursor) return false;
    cursor = part.seqEnd;
  }
  return parts.length > 0 && cursor === end;
}
