// The segment tree drawn two ways: a timeline (one row per level, blocks placed by message
// range) and collapsible groups (each rollup holding its children, built when opened).
import type { SegmentRow } from "../../../src/kernel/index.js";
import { h } from "../dom.js";
import { formatNumber, formatSeqRange, formatTime, percent } from "../format.js";

export interface TreeOptions {
  inContext: Set<string>;
  onSelect(id: string): void;
}

function blockTitle(row: SegmentRow): string {
  const summary = row.summaryTokens > 0 ? ` → ${formatNumber(row.summaryTokens)}` : "";
  return `L${row.level} · messages ${formatSeqRange(row.seqStart, row.seqEnd)} · ${formatNumber(row.tokenCount)}${summary} tokens`;
}

/** One row per level, highest first; each segment a button placed by its message range. */
export function segmentTimeline(rows: SegmentRow[], options: TreeOptions): HTMLElement {
  const total = Math.max(1, ...rows.map((row) => row.seqEnd));
  const levels = [...new Set(rows.map((row) => row.level))].sort((a, b) => b - a);
  const tracks = levels.map((level) => {
    const track = h("div", { class: "track" });
    for (const row of rows.filter((candidate) => candidate.level === level)) {
      const classes = ["segment-block", `level-${Math.min(level, 3)}`];
      if (row.stale) classes.push("stale");
      if (options.inContext.has(row.id)) classes.push("in-context");
      const block = h("button", {
        type: "button",
        class: classes.join(" "),
        title: blockTitle(row),
        "aria-label": `${row.id}: ${blockTitle(row)}`,
        "data-segment-id": row.id,
      });
      block.style.left = `${percent(row.seqStart, total)}%`;
      block.style.width = `${percent(row.seqEnd - row.seqStart, total)}%`;
      block.addEventListener("click", () => options.onSelect(row.id));
      track.append(block);
    }
    const count = rows.filter((row) => row.level === level).length;
    return h(
      "div",
      { class: "timeline-row" },
      h("span", { class: "level-label" }, `L${level}`, h("small", null, ` ${count}`)),
      track,
    );
  });
  const axis = h(
    "div",
    { class: "timeline-axis muted" },
    h("span", null, "message 0"),
    h("span", null, `${formatNumber(total)} messages`),
  );
  return h(
    "div",
    { class: "timeline", role: "group", "aria-label": "Segment timeline" },
    tracks,
    axis,
  );
}

function rowLine(row: SegmentRow, options: TreeOptions): HTMLElement {
  const button = h(
    "button",
    { type: "button", class: "segment-line", "data-segment-id": row.id },
    h("span", { class: `level-chip level-${Math.min(row.level, 3)}` }, `L${row.level}`),
    h("span", { class: "segment-range" }, `messages ${formatSeqRange(row.seqStart, row.seqEnd)}`),
    h("span", { class: "muted" }, `${formatTime(row.firstTs)} → ${formatTime(row.lastTs)}`),
    h(
      "span",
      { class: "segment-tokens" },
      `${formatNumber(row.tokenCount)} → ${formatNumber(row.summaryTokens)} tok`,
    ),
    row.stale ? h("span", { class: "badge stale" }, "stale") : null,
    options.inContext.has(row.id) ? h("span", { class: "badge context" }, "in context") : null,
  );
  button.addEventListener("click", (event) => {
    event.preventDefault(); // inside <summary>, a click would also toggle the group
    options.onSelect(row.id);
  });
  return button;
}

function groupNode(
  row: SegmentRow,
  children: Map<string, SegmentRow[]>,
  options: TreeOptions,
): HTMLElement {
  const kids = children.get(row.id) ?? [];
  if (kids.length === 0) return h("div", { class: "segment-leaf" }, rowLine(row, options));
  const body = h("div", { class: "segment-children" });
  const details = h(
    "details",
    { class: "segment-group" },
    h(
      "summary",
      null,
      rowLine(row, options),
      h("span", { class: "muted child-count" }, `${kids.length} children`),
    ),
    body,
  );
  details.addEventListener("toggle", () => {
    if (details.open && body.childElementCount === 0) {
      body.append(...kids.map((kid) => groupNode(kid, children, options)));
    }
  });
  return details;
}

/** Top-level segments (no parent) as collapsible groups; children render on first open. */
export function segmentGroups(rows: SegmentRow[], options: TreeOptions): HTMLElement {
  const ids = new Set(rows.map((row) => row.id));
  const children = new Map<string, SegmentRow[]>();
  for (const row of rows) {
    if (row.parentId === null || !ids.has(row.parentId)) continue;
    const siblings = children.get(row.parentId) ?? [];
    siblings.push(row);
    children.set(row.parentId, siblings);
  }
  for (const siblings of children.values()) siblings.sort((a, b) => a.seqStart - b.seqStart);
  const roots = rows
    .filter((row) => row.parentId === null || !ids.has(row.parentId))
    .sort((a, b) => a.seqStart - b.seqStart || b.level - a.level);
  return h(
    "div",
    { class: "segment-groups" },
    roots.map((row) => groupNode(row, children, options)),
  );
}

/** The in-context segments as a flat list, in prompt order. */
export function contextList(rows: SegmentRow[], ids: string[], options: TreeOptions): HTMLElement {
  const byId = new Map(rows.map((row) => [row.id, row]));
  const picked = ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [row] : [];
  });
  if (picked.length === 0) {
    return h(
      "p",
      { class: "muted" },
      "No summaries in context: the whole session fits the window.",
    );
  }
  return h(
    "div",
    { class: "segment-groups" },
    picked.map((row) => h("div", { class: "segment-leaf" }, rowLine(row, options))),
  );
}
