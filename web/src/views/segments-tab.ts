// Memory → Segments: the L0/L1/L2 tree as a timeline and as groups, filtered to all segments or
// those the prompt's <conversation_summary> holds now; a click shows one segment's summary,
// range, times and compression.
import type { SegmentDetail, SegmentRow } from "../../../src/kernel/index.js";
import { api } from "../api.js";
import { errorBox, h, loading } from "../dom.js";
import { formatNumber, formatSeqRange, formatTime } from "../format.js";
import { renderMarkdown } from "../markdown-render.js";
import { contextList, segmentGroups, segmentTimeline, type TreeOptions } from "./segment-tree.js";

type Filter = "all" | "context";

function levelCounts(rows: SegmentRow[]): string {
  const counts = new Map<number, number>();
  for (const row of rows) counts.set(row.level, (counts.get(row.level) ?? 0) + 1);
  return [...counts.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([level, count]) => `L${level} ${count}`)
    .join(" · ");
}

function detailCard(segment: SegmentDetail, onSelect: (id: string) => void): HTMLElement {
  const fact = (label: string, value: Node | string) =>
    h("div", null, h("dt", null, label), h("dd", null, value));
  const compression =
    segment.compression === null ? "not summarized yet" : `${segment.compression.toFixed(1)}×`;
  const children = segment.childIds.map((id) => {
    const chip = h("button", { type: "button", class: "chip" }, id);
    chip.addEventListener("click", () => onSelect(id));
    return chip;
  });
  return h(
    "div",
    { class: "segment-detail-body", "data-segment-id": segment.id },
    h(
      "h3",
      null,
      `L${segment.level} `,
      h("code", null, segment.id),
      segment.stale ? h("span", { class: "badge stale" }, "stale") : null,
    ),
    h(
      "dl",
      { class: "facts" },
      fact("Messages", formatSeqRange(segment.seqStart, segment.seqEnd)),
      fact("First", formatTime(segment.firstTs)),
      fact("Last", formatTime(segment.lastTs)),
      fact(
        "Tokens",
        `${formatNumber(segment.tokenCount)} → ${formatNumber(segment.summaryTokens)}`,
      ),
      fact("Compression", compression),
      fact("Method", segment.method ?? "—"),
    ),
    segment.summary
      ? renderMarkdown(segment.summary, "markdown summary")
      : h("p", { class: "muted" }, "No summary yet."),
    children.length > 0
      ? h("div", { class: "children" }, h("h4", null, `${children.length} children`), children)
      : null,
  );
}

/** Marks every element of segment `id` as selected and loads its detail card. */
function selectSegment(panel: HTMLElement, detail: HTMLElement, id: string): void {
  for (const selected of Array.from(panel.querySelectorAll(".selected"))) {
    selected.classList.remove("selected");
  }
  const matches = panel.querySelectorAll(`[data-segment-id="${CSS.escape(id)}"]`);
  for (const element of Array.from(matches)) element.classList.add("selected");
  // On a phone the detail is a bottom sheet over the tree (6-phone.css); Close puts it away.
  const close = h("button", { type: "button", class: "sheet-close" }, "Close");
  close.addEventListener("click", () => {
    detail.classList.remove("open");
    for (const element of Array.from(matches)) element.classList.remove("selected");
    detail.replaceChildren(detailHint());
  });
  detail.classList.add("open");
  detail.replaceChildren(close, loading());
  api.segment(id).then(
    (segment) =>
      detail.replaceChildren(
        close,
        detailCard(segment, (child) => selectSegment(panel, detail, child)),
      ),
    (error: unknown) => detail.replaceChildren(close, errorBox(error)),
  );
}

function detailHint(): HTMLElement {
  return h("p", { class: "muted" }, "Click a segment to see its summary and compression.");
}

/** The All / In context switch; calls `onChange` and marks the pressed button. */
function filterSwitch(contextCount: number, onChange: (filter: Filter) => void) {
  const element = h("div", { class: "segmented", role: "group", "aria-label": "Filter" });
  const set = (filter: Filter) => {
    for (const button of Array.from(element.querySelectorAll("button"))) {
      button.setAttribute("aria-pressed", String(button.dataset["filter"] === filter));
    }
    onChange(filter);
  };
  for (const [filter, label] of [
    ["all", "All"],
    ["context", `In context (${contextCount})`],
  ] as const) {
    const button = h("button", { type: "button", "data-filter": filter }, label);
    button.addEventListener("click", () => set(filter));
    element.append(button);
  }
  return { element, set };
}

export async function renderSegmentsTab(panel: HTMLElement): Promise<void> {
  const [tree, context] = await Promise.all([api.segments(), api.contextSegments()]);
  const rows = tree.segments;
  const detail = h("aside", { class: "card segment-detail", "aria-live": "polite" }, detailHint());
  const options: TreeOptions = {
    inContext: new Set(context.segmentIds),
    onSelect: (id) => selectSegment(panel, detail, id),
  };
  const list = h("div", { class: "segment-list" });
  const body = h(
    "div",
    { class: "segments-body" },
    segmentTimeline(rows, options),
    h("div", { class: "segments-split" }, list, detail),
  );
  const filters = filterSwitch(options.inContext.size, (filter) => {
    body.classList.toggle("only-context", filter === "context");
    const shown =
      filter === "all"
        ? segmentGroups(rows, options)
        : contextList(rows, context.segmentIds, options);
    list.replaceChildren(shown);
  });
  const counts =
    rows.length === 0
      ? "No segments yet: memory builds them after enough messages."
      : levelCounts(rows);
  panel.replaceChildren(
    h(
      "section",
      { class: "card" },
      h("header", { class: "card-header" }, h("h2", null, "Segment tree"), filters.element),
      h("p", { class: "muted" }, counts),
      body,
    ),
  );
  filters.set("all");
}
