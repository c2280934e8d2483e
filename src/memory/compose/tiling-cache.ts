// One session's summary tilings, by trim point, while the segments stay put. A new message moves
// the summary's budget (the summary gets what the newest turn leaves), but a tiling holds for a
// range of budgets (SummaryTiling.budgets), so the trim points a re-trim probes are planned again
// only when the budget leaves their range. Pure: no I/O.
import type { SummaryTiling } from "./compose-summary-block.js";
import type { RenderedPiece } from "./render-summary-block.js";
import type { SegmentTreeView } from "./summary-tree.js";

export interface TilingEntry {
  tiling: SummaryTiling;
  /** The pieces as last rendered: with their fill, within the budget they were fitted to. */
  rendered: {
    extra: number;
    budget: number;
    /** Tokens of the rendered pieces before fitting: at or under both budgets, none was cut. */
    total: number;
    pieces: RenderedPiece[];
  } | null;
}

/**
 * Entries kept: a re-trim probes each candidate between the oldest that could fit with no summary
 * and the trim point (1M messages at a 100k budget: ~230 of ~50 pieces each, every message); a
 * budget ten times larger probes about ten times as many, which should not evict each other in
 * turn. Pieces held bound the memory (~50 bytes each) where the tilings are large: at a 1M budget
 * (~650 pieces a tiling) ~380 entries fit, and a re-trim may then plan its tilings again.
 */
const MAX_ENTRIES = 4_096;
const MAX_PIECES = 250_000;

export type PlanTiling = (
  tree: SegmentTreeView,
  trimPoint: number,
  budget: number,
) => SummaryTiling;

export class TilingCache {
  private version = -1;
  private readonly entries = new Map<number, TilingEntry>();
  /** Pieces of the tilings held. */
  private pieces = 0;

  constructor(private readonly plan: PlanTiling) {}

  /** The tiling of `[0, trimPoint)` at `budget` for the segment tree read at `version`. */
  entry(options: {
    tree: SegmentTreeView;
    version: number;
    trimPoint: number;
    budget: number;
  }): TilingEntry {
    const { tree, version, trimPoint, budget } = options;
    if (this.version !== version) {
      this.version = version;
      this.entries.clear();
      this.pieces = 0;
    }
    let entry = this.entries.get(trimPoint);
    if (entry) this.remove(trimPoint, entry); // set again below: the least recently used go first
    const budgets = entry?.tiling.budgets;
    if (!entry || !budgets || budget < budgets.low || budget >= budgets.high) {
      entry = { tiling: this.plan(tree, trimPoint, budget), rendered: null };
    }
    this.entries.set(trimPoint, entry);
    this.pieces += entry.tiling.pieces.length;
    for (const [oldest, held] of this.entries) {
      if (this.entries.size <= MAX_ENTRIES && this.pieces <= MAX_PIECES) break;
      if (oldest === trimPoint) break; // the entry just asked for stays, however large
      this.remove(oldest, held);
    }
    return entry;
  }

  private remove(trimPoint: number, entry: TilingEntry): void {
    this.entries.delete(trimPoint);
    this.pieces -= entry.tiling.pieces.length;
  }
}
