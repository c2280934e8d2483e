// The segments of one session as the composer reads them from the index: the top of the tree
// (parentless segments, a partial index), each segment's children as the tiling opens it, and the
// L0 starts near the window. A compose reads a few hundred rows of a tree of any size: listing all
// 43,000 segments of a 1M-message history was 0.4-0.5 s of every first compose (issue 32).
// One instance holds for one version of the segments (Composer.invalidateSegments): rows it read
// are kept until the next write. Reads the index; writes nothing.
import type { Segment } from "../../kernel/index.js";
import type { SegmentRepo } from "../../store/index.js";
import { type SegmentTreeView, tiles } from "./summary-tree.js";

/** Where the L0 segments start: what trim-candidates.ts asks of the segments. */
export interface LeafStarts {
  /** Starts of L0 segments at or after `from`, ascending. */
  leafStartsFrom(from: number): number[];
  /** At most `limit` starts of L0 segments before `before`, newest first. */
  leafStartsBefore(before: number, limit: number): number[];
}

/** What the window planner reads of a session's segments. */
export type PlanSegments = SegmentTreeView & LeafStarts;

/** Answers as SummaryTree over `SegmentRepo.list` does (stored-segments.test.ts compares them). */
export class StoredSegments implements PlanSegments {
  private topRows: Segment[] | null = null;
  private readonly children = new Map<string, Segment[] | null>();

  constructor(
    private readonly repo: SegmentRepo,
    readonly session: string,
  ) {}

  get top(): readonly Segment[] {
    this.topRows ??= this.readTop();
    return this.topRows;
  }

  /** The parentless segments when they tile from 0 to the L0s' end, else the L0s alone. */
  private readTop(): Segment[] {
    const roots = this.repo.roots(this.session);
    const end = this.repo.levelEnd(this.session, 0);
    if (roots.length > 0 && tiles(roots, 0, end)) return roots;
    return this.repo.leaves(this.session);
  }

  childrenOf(segment: Segment): readonly Segment[] | null {
    let children = this.children.get(segment.id);
    if (children === undefined) {
      const list = segment.level === 0 ? [] : this.repo.children(segment.id);
      children = tiles(list, segment.seqStart, segment.seqEnd) ? list : null;
      this.children.set(segment.id, children);
    }
    return children;
  }

  leafStartsFrom(from: number): number[] {
    return this.repo.leafStartsFrom(this.session, from);
  }

  leafStartsBefore(before: number, limit: number): number[] {
    return this.repo.leafStartsBefore(this.session, before, limit);
  }
}
