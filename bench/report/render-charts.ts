// The two plots of docs/benchmarks.md: prompt reachability by depth, and latency against history
// size. Pure: returns SVG text.

import { sizeName } from "./markdown-format.js";
import type { MergedResults } from "./results-files.js";
import type { Reachability, SizeResult } from "./results-schema.js";
import { type ChartSeries, renderLineChart } from "./svg-line-chart.js";

const COLORS = ["#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b"];

/** The size the reachability plot shows: 20k when measured, else the largest one. */
export function reachabilitySize(results: MergedResults): SizeResult | null {
  return results.sizes.find((result) => result.size === 20_000) ?? results.sizes.at(-1) ?? null;
}

function bucketSeries(reachability: readonly Reachability[], suffix: string, dashed: boolean) {
  return reachability.map(
    (entry, index): ChartSeries => ({
      name: `${entry.budget / 1000}k budget${suffix}`,
      color: COLORS[index % COLORS.length] ?? "#333",
      dashed,
      points: entry.buckets.map((bucket, position) => ({
        x: position,
        y: bucket.facts === 0 ? 0 : (100 * bucket.reachable) / bucket.facts,
      })),
    }),
  );
}

export function renderReachabilityChart(results: MergedResults): string | null {
  const current = reachabilitySize(results);
  if (!current) return null;
  const before = results.tagged.filter((tagged) => tagged.size === current.size);
  const series = [
    ...bucketSeries(current.reachability, "", false),
    ...before.flatMap((tagged) => bucketSeries(tagged.reachability, ` (${tagged.tag})`, true)),
  ];
  return renderLineChart({
    title: `Planted facts whose answer is in the prompt (${sizeName(current.size)} messages)`,
    x: {
      label: "depth in the history, % of messages from the newest",
      min: -0.3,
      max: 9.3,
      ticks: Array.from({ length: 10 }, (_, index) => ({
        value: index,
        label: `${index * 10}–${index * 10 + 10}`,
      })),
    },
    y: {
      label: "facts reachable (%)",
      min: 0,
      max: 100,
      ticks: [0, 20, 40, 60, 80, 100].map((value) => ({ value, label: `${value}%` })),
    },
    series,
  });
}

const LATENCY_SERIES: ReadonlyArray<{ name: string; value: (result: SizeResult) => number }> = [
  { name: "compose p95, unchanged", value: (result) => result.compose.unchanged.p95 },
  { name: "compose p95, new message", value: (result) => result.compose.newMessage.p95 },
  { name: "recall p95", value: (result) => result.recallLatency.p95 },
  { name: "per-turn worker p95", value: (result) => result.perTurn.latency.p95 },
];

export function renderLatencyChart(results: MergedResults): string | null {
  if (results.sizes.length === 0) return null;
  const sizes = results.sizes.map((result) => result.size);
  const series = LATENCY_SERIES.map(
    (entry, index): ChartSeries => ({
      name: entry.name,
      color: COLORS[index % COLORS.length] ?? "#333",
      points: results.sizes.map((result) => ({
        x: result.size,
        y: Math.max(0.01, entry.value(result)),
      })),
    }),
  );
  const decades = [0.01, 0.1, 1, 10, 100, 1000, 10000];
  const highest = Math.max(...series.flatMap((s) => s.points.map((point) => point.y)), 100);
  const top = decades.find((value) => value >= highest) ?? 10000;
  return renderLineChart({
    title: "Latency against history size",
    x: {
      label: "messages in the history (log scale)",
      min: Math.min(...sizes) / 1.5,
      max: Math.max(...sizes) * 1.5,
      log: true,
      ticks: sizes.map((size) => ({ value: size, label: sizeName(size) })),
    },
    y: {
      label: "milliseconds (log scale)",
      min: 0.01,
      max: top,
      log: true,
      ticks: decades
        .filter((value) => value <= top)
        .map((value) => ({ value, label: String(value) })),
    },
    series,
    guides: [
      { y: 10, label: "compose target 10 ms" },
      { y: 50, label: "recall target 50 ms" },
    ],
  });
}
