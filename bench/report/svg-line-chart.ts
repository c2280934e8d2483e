// A hand-written SVG line chart (no dependency) for docs/benchmarks/*.svg: numeric axes, linear
// or log10, explicit ticks, one polyline with dots per series, and a legend. Pure.

export interface ChartSeries {
  name: string;
  color: string;
  dashed?: boolean;
  points: ReadonlyArray<{ x: number; y: number }>;
}

export interface ChartAxis {
  label: string;
  min: number;
  max: number;
  log?: boolean;
  ticks: ReadonlyArray<{ value: number; label: string }>;
}

export interface LineChartOptions {
  title: string;
  x: ChartAxis;
  y: ChartAxis;
  series: readonly ChartSeries[];
  /** Optional horizontal reference lines (targets). */
  guides?: ReadonlyArray<{ y: number; label: string }>;
}

const WIDTH = 780;
const HEIGHT = 420;
const PLOT = { left: 70, right: 230, top: 48, bottom: 64 };
const FONT = 'font-family="Helvetica, Arial, sans-serif"';

function escapeXml(text: string): string {
  return text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");
}

function scale(axis: ChartAxis, from: number, to: number): (value: number) => number {
  const map = (value: number) => (axis.log ? Math.log10(Math.max(value, 1e-9)) : value);
  const [low, high] = [map(axis.min), map(axis.max)];
  return (value) => from + ((map(value) - low) / (high - low || 1)) * (to - from);
}

function axes(options: LineChartOptions, sx: (v: number) => number, sy: (v: number) => number) {
  const { left, top } = PLOT;
  const right = WIDTH - PLOT.right;
  const bottom = HEIGHT - PLOT.bottom;
  const parts = [
    `<rect x="${left}" y="${top}" width="${right - left}" height="${bottom - top}" fill="#fff" stroke="#999"/>`,
  ];
  for (const tick of options.y.ticks) {
    const y = sy(tick.value).toFixed(1);
    parts.push(`<line x1="${left}" y1="${y}" x2="${right}" y2="${y}" stroke="#e5e5e5"/>`);
    parts.push(
      `<text x="${left - 8}" y="${y}" dy="4" text-anchor="end" font-size="12" ${FONT}>${escapeXml(tick.label)}</text>`,
    );
  }
  for (const tick of options.x.ticks) {
    const x = sx(tick.value).toFixed(1);
    parts.push(`<line x1="${x}" y1="${bottom}" x2="${x}" y2="${bottom + 5}" stroke="#999"/>`);
    parts.push(
      `<text x="${x}" y="${bottom + 20}" text-anchor="middle" font-size="12" ${FONT}>${escapeXml(tick.label)}</text>`,
    );
  }
  parts.push(
    `<text x="${(left + right) / 2}" y="${HEIGHT - 18}" text-anchor="middle" font-size="13" ${FONT}>${escapeXml(options.x.label)}</text>`,
    `<text transform="translate(18 ${(top + bottom) / 2}) rotate(-90)" text-anchor="middle" font-size="13" ${FONT}>${escapeXml(options.y.label)}</text>`,
  );
  return parts;
}

function seriesMarks(series: ChartSeries, sx: (v: number) => number, sy: (v: number) => number) {
  const points = series.points.map(
    (point) => `${sx(point.x).toFixed(1)},${sy(point.y).toFixed(1)}`,
  );
  const dash = series.dashed ? ' stroke-dasharray="6 4"' : "";
  return [
    `<polyline points="${points.join(" ")}" fill="none" stroke="${series.color}" stroke-width="2"${dash}/>`,
    ...series.points.map(
      (point) =>
        `<circle cx="${sx(point.x).toFixed(1)}" cy="${sy(point.y).toFixed(1)}" r="3.5" fill="${series.color}"/>`,
    ),
  ];
}

function legend(options: LineChartOptions): string[] {
  const x = WIDTH - PLOT.right + 16;
  return options.series.flatMap((series, index) => {
    const y = PLOT.top + 10 + index * 22;
    const dash = series.dashed ? ' stroke-dasharray="6 4"' : "";
    return [
      `<line x1="${x}" y1="${y}" x2="${x + 24}" y2="${y}" stroke="${series.color}" stroke-width="2"${dash}/>`,
      `<text x="${x + 30}" y="${y}" dy="4" font-size="12" ${FONT}>${escapeXml(series.name)}</text>`,
    ];
  });
}

/** The chart as a standalone SVG document. */
export function renderLineChart(options: LineChartOptions): string {
  const sx = scale(options.x, PLOT.left, WIDTH - PLOT.right);
  const sy = scale(options.y, HEIGHT - PLOT.bottom, PLOT.top);
  const guides = (options.guides ?? []).flatMap((guide) => {
    const y = sy(guide.y).toFixed(1);
    return [
      `<line x1="${PLOT.left}" y1="${y}" x2="${WIDTH - PLOT.right}" y2="${y}" stroke="#c00" stroke-dasharray="2 3"/>`,
      `<text x="${WIDTH - PLOT.right - 4}" y="${y}" dy="-4" text-anchor="end" font-size="11" fill="#c00" ${FONT}>${escapeXml(guide.label)}</text>`,
    ];
  });
  const body = [
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="#fafafa"/>`,
    `<text x="${WIDTH / 2}" y="26" text-anchor="middle" font-size="15" font-weight="bold" ${FONT}>${escapeXml(options.title)}</text>`,
    ...axes(options, sx, sy),
    ...guides,
    ...options.series.flatMap((series) => seriesMarks(series, sx, sy)),
    ...legend(options),
  ];
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">`,
    ...body.map((line) => `  ${line}`),
    "</svg>",
    "",
  ].join("\n");
}
