// Draws the segment tree for a terminal: top-level segments with their children one level down,
// ranges, dates, compression and method, each line within 80 columns. Every top-level segment is
// shown; where children are left out, the line says how many and of which level. Pure.
import type { SegmentRow } from "../kernel/index.js";

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
export function formatSegmentTree(
  segments: readonly SegmentRow[],
  maxChildren = 12,
  indent = "",
): string[] {
  if (segments.length === 0) return [`${indent}no segments yet`];
  const children = new Map<string, SegmentRow[]>();
  for (const row of segments) {
    if (row.parentId === null) continue;
    const list = children.get(row.parentId) ?? [];
    list.push(row);
    children.set(row.parentId, list);
  }
  const roots = segments
    .filter((row) => row.parentId === null)
    .sort((a, b) => a.seqStart - b.seqStart || b.level - a.level);
  const lines: string[] = [];
  for (const root of roots) {
    lines.push(fitLine(`${indent}${describeRow(root)}`));
    const kids = (children.get(root.id) ?? []).sort((a, b) => a.seqStart - b.seqStart);
    for (const kid of kids.slice(0, maxChildren)) {
      const below = children.get(kid.id)?.length ?? 0;
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

/** `2026-03-02 → 2026-04-29`: the dates the tree spans (rows show month-day only). */
export function formatTreeSpan(segments: readonly SegmentRow[]): string {
  if (segments.length === 0) return "";
  const firsts = segments.map((row) => row.firstTs).sort();
  const lasts = segments.map((row) => row.lastTs).sort();
  return `${(firsts[0] ?? "").slice(0, 10)} → ${(lasts.at(-1) ?? "").slice(0, 10)}`;
}

/** `L0 120 · L1 12 · L2 1` */
export function formatLevelCounts(segments: readonly SegmentRow[]): string {
  const counts = new Map<number, number>();
  for (const row of segments) counts.set(row.level, (counts.get(row.level) ?? 0) + 1);
  return [...counts.entries()]
    .sort(([a], [b]) => a - b)
    .map(([level, count]) => `L${level} ${count}`)
    .join(" · ");
}
