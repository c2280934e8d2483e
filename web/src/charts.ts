// Small charts for the memory view: a bar chart in SVG and a stacked bar with a legend. Widths
// are set through the CSSOM (allowed by the CSP), never through inline style attributes.
import { h, svg } from "./dom.js";
import { formatNumber, percent } from "./format.js";

export interface BarDatum {
  label: string;
  value: number;
  highlight?: boolean;
}

/** Vertical bars, one per datum, scaled to the largest; each bar's tooltip names its value. */
export function barChart(data: BarDatum[], ariaLabel: string, unit = "day"): HTMLElement {
  const barWidth = 12;
  const gap = 3;
  const height = 90;
  const max = Math.max(1, ...data.map((datum) => datum.value));
  const width = Math.max(1, data.length * (barWidth + gap));
  const chart = svg(
    "svg",
    {
      class: "bar-chart",
      viewBox: `0 0 ${width} ${height}`,
      preserveAspectRatio: "none",
      role: "img",
      "aria-label": ariaLabel,
    },
    data.map((datum, index) => {
      const barHeight = Math.max(datum.value > 0 ? 2 : 0, (datum.value / max) * (height - 4));
      return svg(
        "rect",
        {
          class: datum.highlight ? "bar live" : "bar",
          x: index * (barWidth + gap),
          y: height - barHeight,
          width: barWidth,
          height: barHeight,
          rx: 2,
        },
        svg("title", null, `${datum.label}: ${formatNumber(datum.value)}`),
      );
    }),
  );
  const axis = h(
    "div",
    { class: "chart-axis muted" },
    h("span", null, data[0]?.label ?? ""),
    h("span", null, `max ${formatNumber(max)}/${unit}`),
    h("span", null, data[data.length - 1]?.label ?? ""),
  );
  return h("figure", { class: "chart" }, chart, axis);
}

export interface StackPart {
  label: string;
  value: number;
  /** CSS class giving the part its colour. */
  kind: string;
}

/** A horizontal bar split into parts of `total`, with a legend of values and shares. */
export function stackedBar(parts: StackPart[], total: number, ariaLabel: string): HTMLElement {
  const bar = h("div", { class: "stack", role: "img", "aria-label": ariaLabel });
  for (const part of parts) {
    const segment = h("span", {
      class: `stack-part ${part.kind}`,
      title: `${part.label}: ${formatNumber(part.value)}`,
    });
    segment.style.width = `${percent(part.value, total)}%`;
    bar.append(segment);
  }
  const legend = h(
    "ul",
    { class: "legend" },
    parts.map((part) =>
      h(
        "li",
        null,
        h("span", { class: `swatch ${part.kind}` }),
        `${part.label} `,
        h("strong", null, formatNumber(part.value)),
        h("span", { class: "muted" }, ` (${percent(part.value, total).toFixed(1)}%)`),
      ),
    ),
  );
  return h("div", { class: "stacked" }, bar, legend);
}

/** A thin bar showing `value` against `max` (section token costs). */
export function meter(value: number, max: number, kind = "meter-fill"): HTMLElement {
  const fill = h("span", { class: kind });
  fill.style.width = `${percent(value, max)}%`;
  return h("span", { class: "meter", "aria-hidden": "true" }, fill);
}
