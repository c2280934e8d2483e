// The segment tree of a list of segments (SegmentTreeView), memoized per list: the pure form the
// planner's tests use, and the reference StoredSegments (read from the index as the tiling opens
// it) must agree with (stored-segments.test.ts).
import type { Segment } from "../../src/kernel/index.js";
import { type SegmentTreeView, tiles } from "../../src/memory/compose/summary-tree.js";

function childLists(segments: readonly Segment[]): Map<string, Segment[]> {
  const children = new Map<string, Segment[]>();
  for (const segment of segments) {
    if (segment.parentId === null) continue;
    const list = children.get(segment.parentId) ?? [];
    list.push(segment);
    children.set(segment.parentId, list);
  }
  for (const list of children.values()) list.sort((a, b) => a.seqStart - b.seqStart);
  return children;
}

/**
 * The top of the tree: parentless segments when they tile from 0 (the healthy case), else the
 * L0s alone (their tiling is enforced on insert), so a broken tree never yields overlaps. A
 * segment whose parent row is missing is not a root: StoredSegments reads the roots from an index
 * of parentless rows, and both must give the same tree.
 */
function topLevel(segments: readonly Segment[]): Segment[] {
  const leaves = segments.filter((segment) => segment.level === 0);
  const roots = segments
    .filter((segment) => segment.parentId === null)
    .sort((a, b) => a.seqStart - b.seqStart || b.level - a.level);
  const end = leaves.reduce((top, leaf) => Math.max(top, leaf.seqEnd), 0);
  if (roots.length > 0 && tiles(roots, 0, end)) return roots;
  return leaves.sort((a, b) => a.seqStart - b.seqStart);
}

export class SummaryTree implements SegmentTreeView {
  /** Parentless segments (or the L0s of a broken tree), oldest first, tiling from 0. */
  readonly top: Segment[];
  private readonly lists: Map<string, Segment[]>;
  /** childrenOf's answers by segment id: checking that children tile costs a walk of them. */
  private readonly checked = new Map<string, Segment[] | null>();

  constructor(segments: readonly Segment[]) {
    this.lists = childLists(segments);
    this.top = topLevel(segments);
  }

  /** A segment's children, oldest first, when they tile it exactly; null for L0s and broken parents. */
  childrenOf(segment: Segment): Segment[] | null {
    let children = this.checked.get(segment.id);
    if (children === undefined) {
      const list = segment.level === 0 ? undefined : this.lists.get(segment.id);
      children = list && tiles(list, segment.seqStart, segment.seqEnd) ? list : null;
      this.checked.set(segment.id, children);
    }
    return children;
  }
}

const trees = new WeakMap<readonly Segment[], SummaryTree>();

/** The tree of a segments list, built on first use and kept while the list lives. */
export function summaryTreeOf(segments: readonly Segment[]): SummaryTree {
  let tree = trees.get(segments);
  if (!tree) {
    tree = new SummaryTree(segments);
    trees.set(segments, tree);
  }
  return tree;
}
