// Which summaries `<conversation_summary>` holds: a set of pieces that tiles the trimmed range
// `[0, trimPoint)` exactly once (SPEC §5, LESSONS #2), high-level for the distant past and detailed
// near the trim boundary. Pure: no I/O; token costs come from the caller.
import type { Segment } from "../../kernel/index.js";
import { OpenQueue } from "./open-queue.js";
import type { SegmentTreeView } from "./summary-tree.js";

/** A segment's summary, or an instant extractive stand-in for a range without one. */
export type SummaryPiece =
  | { kind: "segment"; segment: Segment }
  | { kind: "stand-in"; seqStart: number; seqEnd: number };

export interface PlanSummaryTilingOptions {
  /** The session's segment tree (SummaryTree over a list, or StoredSegments over the index). */
  tree: SegmentTreeView;
  /** The window starts here; `[0, trimPoint)` must be covered. */
  trimPoint: number;
  /** Tokens the pieces may use together. */
  budgetTokens: number;
  /** Tokens of one piece as it will appear in the block. */
  pieceTokens(piece: SummaryPiece): number;
}

export interface SummaryTiling {
  /** Oldest first; contiguous from 0 to the trim point. */
  pieces: SummaryPiece[];
  tokens: number;
  /**
   * Every budget in `[low, high)` gives this same tiling: the budget only decides which pieces
   * open, so a caller may reuse it while its budget stays in range (the composer's budget moves
   * with the newest turn at every message).
   */
  budgets: { low: number; high: number };
}

export function pieceStart(piece: SummaryPiece): number {
  return piece.kind === "segment" ? piece.segment.seqStart : piece.seqStart;
}

export function pieceEnd(piece: SummaryPiece): number {
  return piece.kind === "segment" ? piece.segment.seqEnd : piece.seqEnd;
}

const ANY_BUDGET = { low: Number.NEGATIVE_INFINITY, high: Number.POSITIVE_INFINITY };

/** Pieces for `[0, trimPoint)` from the top of the tree, splitting any that straddle the end. */
function coverUntil(tree: SegmentTreeView, trimPoint: number): SummaryPiece[] {
  const pieces: SummaryPiece[] = [];
  let cursor = 0;
  const visit = (segment: Segment): void => {
    if (segment.seqEnd <= cursor || segment.seqStart >= trimPoint) return;
    if (segment.seqStart > cursor) {
      pieces.push({ kind: "stand-in", seqStart: cursor, seqEnd: segment.seqStart });
      cursor = segment.seqStart;
    }
    if (segment.seqStart < cursor) return; // overlaps what is covered: never inject it twice
    if (segment.seqEnd <= trimPoint) {
      pieces.push({ kind: "segment", segment });
      cursor = segment.seqEnd;
      return;
    }
    const children = tree.childrenOf(segment);
    if (children) {
      for (const child of children) visit(child);
      return;
    }
    pieces.push({ kind: "stand-in", seqStart: segment.seqStart, seqEnd: trimPoint });
    cursor = trimPoint;
  };
  for (const segment of tree.top) visit(segment);
  if (cursor < trimPoint) pieces.push({ kind: "stand-in", seqStart: cursor, seqEnd: trimPoint });
  return pieces;
}

/** The pieces after opening `opened`: each opened segment replaced by its children, in place. */
function expand(
  tree: SegmentTreeView,
  pieces: readonly SummaryPiece[],
  opened: Set<string>,
): SummaryPiece[] {
  const result: SummaryPiece[] = [];
  const visit = (piece: SummaryPiece): void => {
    if (piece.kind !== "segment" || !opened.has(piece.segment.id)) {
      result.push(piece);
      return;
    }
    for (const segment of tree.childrenOf(piece.segment) ?? []) visit({ kind: "segment", segment });
  };
  for (const piece of pieces) visit(piece);
  return result;
}

/**
 * Plans the tiling of `[0, trimPoint)`: starts from the top of the tree (plus stand-ins where no
 * segment exists yet), then opens pieces into their children breadth-first (SPEC §5): every piece
 * of the highest level before any of the next, skipping a piece whose children do not fit and
 * trying the others. Within level 1 the newest opens first, so the L0s go to the history nearest
 * the trim boundary (SPEC §5); within a higher level the piece that recovers the most messages
 * per token its children add (`gain`; ties: the newest), so the budget goes where a level of
 * detail costs least instead of to the newest rollups first (issue 15: the oldest half of the 20k
 * bench history got 23 of 48 planted facts into the prompt at 100k newest first, 34 this way).
 * Old history keeps at least the level below the top everywhere before recent history gets L0
 * detail: a fact's chance to be in the block falls with its level (L1 keeps ~90% of planted
 * facts, L2 ~50%, L3 ~20%), so coverage per token is highest when no stretch of the past is left
 * at the top level (issue 15). The result may still exceed the budget when even the top level does
 * not fit; the caller then shortens the oldest pieces. Deterministic; `pieceTokens` must be too
 * (it is called once per segment).
 */
export function planSummaryTiling(options: PlanSummaryTilingOptions): SummaryTiling {
  const { tree, trimPoint, budgetTokens, pieceTokens } = options;
  if (trimPoint <= 0) return { pieces: [], tokens: 0, budgets: ANY_BUDGET };
  const costs = new Map<string, number>();
  const cost = (segment: Segment): number => {
    let value = costs.get(segment.id);
    if (value === undefined) {
      value = pieceTokens({ kind: "segment", segment });
      costs.set(segment.id, value);
    }
    return value;
  };
  const queue = new OpenQueue();
  const offer = (segment: Segment): void => {
    const children = tree.childrenOf(segment);
    if (!children) return;
    if (segment.level === 1) {
      queue.push({ segment, value: 0 });
      return;
    }
    const added = children.reduce((sum, child) => sum + cost(child), 0) - cost(segment);
    queue.push({ segment, value: (segment.seqEnd - segment.seqStart) / Math.max(1, added) });
  };
  const pieces = coverUntil(tree, trimPoint);
  let total = 0;
  for (const piece of pieces) {
    if (piece.kind === "stand-in") {
      total += pieceTokens(piece);
      continue;
    }
    total += cost(piece.segment);
    offer(piece.segment);
  }
  const opened = new Set<string>();
  const budgets = { ...ANY_BUDGET };
  for (let candidate = queue.pop(); candidate; candidate = queue.pop()) {
    const { segment } = candidate;
    const children = tree.childrenOf(segment) ?? [];
    const next = total - cost(segment) + children.reduce((sum, child) => sum + cost(child), 0);
    if (next > budgetTokens) {
      budgets.high = Math.min(budgets.high, next);
      continue; // skipped for good: a piece of its level elsewhere may still fit
    }
    budgets.low = Math.max(budgets.low, next);
    opened.add(segment.id);
    total = next;
    for (const child of children) offer(child);
  }
  return { pieces: expand(tree, pieces, opened), tokens: total, budgets };
}
