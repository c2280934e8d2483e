// Which summaries `<conversation_summary>` holds: a set of pieces that tiles the trimmed range
// `[0, trimPoint)` exactly once (SPEC §5, LESSONS #2), high-level for the distant past and detailed
// near the trim boundary. Pure: no I/O; token costs come from the caller.
import type { Segment } from "../../kernel/index.js";

/** A segment's summary, or an instant extractive stand-in for a range without one. */
export type SummaryPiece =
  | { kind: "segment"; segment: Segment }
  | { kind: "stand-in"; seqStart: number; seqEnd: number };

export interface PlanSummaryTilingOptions {
  /** Every segment of the session, any level. */
  segments: readonly Segment[];
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
}

export function pieceStart(piece: SummaryPiece): number {
  return piece.kind === "segment" ? piece.segment.seqStart : piece.seqStart;
}

export function pieceEnd(piece: SummaryPiece): number {
  return piece.kind === "segment" ? piece.segment.seqEnd : piece.seqEnd;
}

interface Tree {
  children: Map<string, Segment[]>;
}

function buildTree(segments: readonly Segment[]): Tree {
  const children = new Map<string, Segment[]>();
  for (const segment of segments) {
    if (segment.parentId === null) continue;
    const list = children.get(segment.parentId) ?? [];
    list.push(segment);
    children.set(segment.parentId, list);
  }
  for (const list of children.values()) list.sort((a, b) => a.seqStart - b.seqStart);
  return { children };
}

/** True when `parts` cover `[start, end)` contiguously, with nothing left over. */
function tiles(parts: readonly Segment[], start: number, end: number): boolean {
  let cursor = start;
  for (const part of parts) {
    if (part.seqStart !== cursor) return false;
    cursor = part.seqEnd;
  }
  return parts.length > 0 && cursor === end;
}

/** A segment's children when they tile it exactly; null for L0s and broken parents. */
function childrenOf(tree: Tree, segment: Segment): Segment[] | null {
  if (segment.level === 0) return null;
  const list = tree.children.get(segment.id) ?? [];
  return tiles(list, segment.seqStart, segment.seqEnd) ? list : null;
}

/**
 * The top of the tree: parentless segments when they tile from 0 (the healthy case), else the
 * L0s alone (their tiling is enforced on insert), so a broken tree never yields overlaps.
 */
function topLevel(segments: readonly Segment[]): Segment[] {
  const leaves = segments.filter((segment) => segment.level === 0);
  const ids = new Set(segments.map((segment) => segment.id));
  const roots = segments
    .filter((segment) => segment.parentId === null || !ids.has(segment.parentId))
    .sort((a, b) => a.seqStart - b.seqStart || b.level - a.level);
  const end = leaves.reduce((top, leaf) => Math.max(top, leaf.seqEnd), 0);
  if (roots.length > 0 && tiles(roots, 0, end)) return roots;
  return leaves.sort((a, b) => a.seqStart - b.seqStart);
}

/**
 * The tree and its top level, by segments list: the composer passes the same list until a
 * segment changes, and a re-trim plans several tilings over it (100k messages: ~6,000 segments).
 */
const shapes = new WeakMap<readonly Segment[], { tree: Tree; top: Segment[] }>();

function shapeOf(segments: readonly Segment[]): { tree: Tree; top: Segment[] } {
  let shape = shapes.get(segments);
  if (!shape) {
    shape = { tree: buildTree(segments), top: topLevel(segments) };
    shapes.set(segments, shape);
  }
  return shape;
}

/** Pieces for `[cursor, trimPoint)` from ordered segments, splitting any that straddle the end. */
function coverUntil(tree: Tree, segments: readonly Segment[], trimPoint: number): SummaryPiece[] {
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
    const children = childrenOf(tree, segment);
    if (children) {
      for (const child of children) visit(child);
      return;
    }
    pieces.push({ kind: "stand-in", seqStart: segment.seqStart, seqEnd: trimPoint });
    cursor = trimPoint;
  };
  for (const segment of segments) visit(segment);
  if (cursor < trimPoint) pieces.push({ kind: "stand-in", seqStart: cursor, seqEnd: trimPoint });
  return pieces;
}

/**
 * The next piece to open: one of the highest level first (breadth-first). Within level 1 the
 * newest, so the L0s go to the history nearest the trim boundary (SPEC §5); within a higher level
 * the piece that recovers the most messages per token its children add (`gain`), so the budget
 * goes where a level of detail costs least instead of to the newest rollups first (issue 15: the
 * oldest half of the 20k bench history got 23 of 48 planted facts into the prompt at 100k newest
 * first, 34 this way). Skips pieces whose children did not fit. -1 when none is left.
 */
function nextToOpen(
  tree: Tree,
  pieces: readonly SummaryPiece[],
  skipped: Set<string>,
  gain: (segment: Segment) => number,
): number {
  let best = -1;
  let bestLevel = -1;
  let bestGain = Number.NEGATIVE_INFINITY;
  for (let index = pieces.length - 1; index >= 0; index -= 1) {
    const piece = pieces[index];
    if (piece?.kind !== "segment" || skipped.has(piece.segment.id)) continue;
    const { level } = piece.segment;
    if (level < bestLevel || !childrenOf(tree, piece.segment)) continue;
    const value = level === 1 ? 0 : gain(piece.segment);
    if (level === bestLevel && value <= bestGain) continue; // ties: the newest, found first
    best = index;
    bestLevel = level;
    bestGain = value;
  }
  return best;
}

/**
 * Plans the tiling of `[0, trimPoint)`: starts from the top of the tree (plus stand-ins where no
 * segment exists yet), then opens pieces into their children breadth-first (SPEC §5): every piece
 * of the highest level before any of the next, in nextToOpen's order within a level, skipping a
 * piece whose children do not fit and trying the others. Old history keeps at least the level below the top
 * everywhere before recent history gets L0 detail: a fact's chance to be in the block falls with
 * its level (L1 keeps ~90% of planted facts, L2 ~50%, L3 ~20%), so coverage per token is highest
 * when no stretch of the past is left at the top level (issue 15). The result may still exceed the
 * budget when even the top level does not fit; the caller then shortens the oldest pieces.
 * Deterministic.
 */
export function planSummaryTiling(options: PlanSummaryTilingOptions): SummaryTiling {
  const { trimPoint, budgetTokens, pieceTokens } = options;
  if (trimPoint <= 0) return { pieces: [], tokens: 0 };
  const { tree, top } = shapeOf(options.segments);
  const pieces = coverUntil(tree, top, trimPoint);
  const costs = pieces.map(pieceTokens);
  let total = costs.reduce((sum, cost) => sum + cost, 0);
  const skipped = new Set<string>();
  const gains = new Map<string, number>();
  const gain = (segment: Segment): number => {
    let value = gains.get(segment.id);
    if (value === undefined) {
      const children = childrenOf(tree, segment) ?? [];
      const added =
        children.reduce((sum, child) => sum + pieceTokens({ kind: "segment", segment: child }), 0) -
        pieceTokens({ kind: "segment", segment });
      value = (segment.seqEnd - segment.seqStart) / Math.max(1, added);
      gains.set(segment.id, value);
    }
    return value;
  };
  for (;;) {
    const index = nextToOpen(tree, pieces, skipped, gain);
    const piece = pieces[index];
    if (index < 0 || piece?.kind !== "segment") break;
    const children = childrenOf(tree, piece.segment) ?? [];
    const replacement: SummaryPiece[] = children.map((segment) => ({ kind: "segment", segment }));
    const replacementCosts = replacement.map(pieceTokens);
    const next =
      total - (costs[index] ?? 0) + replacementCosts.reduce((sum, cost) => sum + cost, 0);
    if (next > budgetTokens) {
      skipped.add(piece.segment.id);
      continue;
    }
    pieces.splice(index, 1, ...replacement);
    costs.splice(index, 1, ...replacementCosts);
    total = next;
  }
  return { pieces, tokens: total };
}
