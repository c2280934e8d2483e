// Draws the segment tree for a terminal: top-level segments with their children one level down,
// ranges, dates, compression and method, each line within 80 columns. Every top-level segment is
// shown; where children are left out, the line says how many and of which level. Pure.
import type { SegmentRow, SegmentTree } from "../kernel/index.js";

/** Terminal width the lines are made to fit. */
const TREE_WIDTH = 80;

function describeRow(row: SegmentRow): string {
  // The year is in the header line (formatTreeSpan); rows carry month-day.
  const dates = `${row.firstTs.slice(5, 10)}→${row.lastTs.slice(5, 10)}`;
  const compression =
    row.summaryTokens > 0
      ? `${row.tokenCount}→${row.summaryTokens} tok ${(row.tokenCount / row.summaryTokens).toFixed(1)}×`
      : "no summary yet";
  const method = row.method ?? "pending";
  return `L${row.level} [${row.seqStart}, ${row.seqEnd})  ${dates}  ${compression}  ${method}${row.stale ? " (stand-in)" : ""}`;
}

/** Cuts a line to `width` with an ellipsis (only long method names ever need it). */
export function fitLine(line: string, width = TREE_WIDTH): string {
  const characters = Array.from(line);
  return characters.length <= width ? line : `${characters.slice(0, width - 1).join("")}…`;
}

/**
 * Lines of the tree; at most `maxChildren` children under each top-level segment, the rest
 * counted (`… 6 more L0 segments`). `indent` is prepended to every line before fitting.
 */
export function formatSegmentTree(tree: SegmentTree, maxChildren = 12, indent = ""): string[] {
  if (tree.rows.length === 0) return [`${indent}no segments yet`];
  const children = new Map<string, SegmentRow[]>();
  for (const row of tree.rows) {
    if (row.parentId === null) continue;
    const list = children.get(row.parentId) ?? [];
    list.push(row);
    children.set(row.parentId, list);
  }
  const roots = tree.rows
    .filter((row) => row.parentId === null)
    .sort((a, b) => a.seqStart - b.seqStart || b.level - a.level);
  const lines: string[] = [];
  for (const root of roots) {
    lines.push(fitLine(`${indent}${describeRow(root)}`));
    const kids = (children.get(root.id) ?? []).sort((a, b) => a.seqStart - b.seqStart);
    for (const kid of kids.slice(0, maxChildren)) {
      const below = tree.childCounts[kid.id] ?? 0;
      const suffix = below > 0 ? ` +${below}` : "";
      lines.push(fitLine(`${indent}  ${describeRow(kid)}${suffix}`));
    }
    if (kids.length > maxChildren) {
      const level = kids[0]?.level ?? 0;
      lines.push(`${indent}  … ${kids.length - maxChildren} more L${level} segments`);
    }
  }
  return lines;
}

/**
 * `2026-03-02 → 2026-04-29`: the dates the tree spans (rows show month-day only), from its top
 * two levels, which cover every segment's range.
 */
export function formatTreeSpan(tree: SegmentTree): string {
  if (tree.rows.length === 0) return "";
  const firsts = tree.rows.map((row) => row.firstTs).sort();
  const lasts = tree.rows.map((row) => row.lastTs).sort();
  return `${(firsts[0] ?? "").slice(0, 10)} → ${(lasts.at(-1) ?? "").slice(0, 10)}`;
}

/** `L0 120 · L1 12 · L2 1` */
export function formatLevelCounts(tree: SegmentTree): string {
  return tree.levelCounts.map(({ level, count }) => `L${level} ${count}`).join(" · ");
}

/**
 * The tree of a full listing (a daemon's `GET /segments`, the demo's rows): its top-level
 * segments and their children, as the store's `readSegmentTree` reads them without a daemon.
 */
export function segmentTreeOf(session: string, segments: readonly SegmentRow[]): SegmentTree {
  const childCounts: Record<string, number> = {};
  const levels = new Map<number, number>();
  for (const row of segments) {
    levels.set(row.level, (levels.get(row.level) ?? 0) + 1);
    if (row.parentId !== null) childCounts[row.parentId] = (childCounts[row.parentId] ?? 0) + 1;
  }
  const roots = new Set(segments.filter((row) => row.parentId === null).map((row) => row.id));
  const rows = segments.filter((row) => row.parentId === null || roots.has(row.parentId));
  const shown = new Set(rows.map((row) => row.id));
  for (const id of Object.keys(childCounts)) if (!shown.has(id)) delete childCounts[id];
  const levelCounts = [...levels.entries()]
    .sort(([a], [b]) => a - b)
    .map(([level, count]) => ({ level, count }));
  return { session, levelCounts, rows, childCounts };
}
