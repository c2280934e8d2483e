// Draws the segment tree for a terminal: top-level segments with their children one level down,
// ranges, dates, methods and compression. Pure.
import type { SegmentRow } from "../kernel/index.js";

function describeRow(row: SegmentRow): string {
  const dates = `${row.firstTs.slice(0, 10)} → ${row.lastTs.slice(0, 10)}`;
  const compression =
    row.summaryTokens > 0
      ? `${row.tokenCount} → ${row.summaryTokens} tokens (${(row.tokenCount / row.summaryTokens).toFixed(1)}×)`
      : "no summary yet";
  const method = row.method ?? "pending";
  return `L${row.level} [${row.seqStart}, ${row.seqEnd})  ${dates}  ${compression}  ${method}${row.stale ? " (stand-in)" : ""}`;
}

/** Lines of the tree; at most `maxChildren` children shown under each top-level segment. */
export function formatSegmentTree(segments: readonly SegmentRow[], maxChildren = 12): string[] {
  if (segments.length === 0) return ["no segments yet"];
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
    lines.push(describeRow(root));
    const kids = (children.get(root.id) ?? []).sort((a, b) => a.seqStart - b.seqStart);
    for (const kid of kids.slice(0, maxChildren)) {
      const grandchildren = children.get(kid.id)?.length ?? 0;
      lines.push(
        `  ${describeRow(kid)}${grandchildren > 0 ? `  (${grandchildren} children)` : ""}`,
      );
    }
    if (kids.length > maxChildren) lines.push(`  … ${kids.length - maxChildren} more`);
  }
  return lines;
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
