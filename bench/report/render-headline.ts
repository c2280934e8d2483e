// The "Headline figures" table at the top of docs/benchmarks.md (README shows it too), and the
// machine and method paragraphs. Pure.

import { compact, ms, number, percent, sizeName, table } from "./markdown-format.js";
import { turnChange } from "./render-checks.js";
import type { MergedResults } from "./results-files.js";
import type { SizeResult } from "./results-schema.js";

function mb(bytes: number): string {
  return number(Math.round(bytes / 1_048_576));
}

interface HeadlineRow {
  what: string;
  cell: (result: SizeResult) => string;
  target: string;
}

const ROWS: readonly HeadlineRow[] = [
  {
    what: "History (messages / o200k tokens)",
    cell: (r) => `${number(r.history.messages)} / ${compact(r.history.tokens)}`,
    target: "",
  },
  {
    what: "Import into log + index (messages/s)",
    cell: (r) => number(r.import.messagesPerSecond),
    target: "≥ 5,000 at 100k and 1M",
  },
  {
    what: "Full memory pipeline, offline",
    cell: (r) => `${(r.pipeline.ms / 1000).toFixed(1)} s`,
    target: "< 60 s at 20k",
  },
  {
    what: "Memory worker per turn, p50 / p95",
    cell: (r) => `${ms(r.perTurn.latency.p50)} / ${ms(r.perTurn.latency.p95)} ms`,
    target: "off the turn path",
  },
  {
    what: "Compose p95: unchanged / one new message",
    cell: (r) => `${ms(r.compose.unchanged.p95)} / ${ms(r.compose.newMessage.p95)} ms`,
    target: "p95 < 10 ms",
  },
  {
    what: "Recall (hybrid) p50 / p95",
    cell: (r) => `${ms(r.recallLatency.p50)} / ${ms(r.recallLatency.p95)} ms`,
    target: "p95 < 30 ms at 100k",
  },
  { what: "Peak RSS of the bench process", cell: (r) => `${number(r.rss.peakMb)} MB`, target: "" },
  {
    what: "Daemon RSS: settled / peak since start",
    cell: (r) =>
      r.daemonRss
        ? `${number(r.daemonRss.steadyMb)} / ${number(r.daemonRss.peakMb)} MB`
        : "not measured",
    target: "≤ 500 MB at 1M",
  },
  {
    what: "`kern import` peak RSS",
    cell: (r) =>
      r.cliImport?.peakRssMb != null ? `${number(r.cliImport.peakRssMb)} MB` : "not measured",
    target: "≤ 600 MB at 1M",
  },
  {
    what: "kern.db / session log on disk",
    cell: (r) =>
      r.disk
        ? `${mb(r.disk.dbBytes)} / ${mb(r.disk.logBytes)} MB (${(r.disk.dbBytes / r.disk.logBytes).toFixed(2)}×)`
        : "not measured",
    target: "≤ 1.5×",
  },
  {
    what: "`.kern/` bytes per message",
    cell: (r) => (r.disk ? number(Math.round(r.disk.kernDirBytes / r.history.messages)) : "–"),
    target: "",
  },
  {
    what: "`kern start` until the daemon answers",
    cell: (r) =>
      r.daemonStart ? `${(r.daemonStart.medianMs / 1000).toFixed(2)} s` : "not measured",
    target: "< 3 s at 1M",
  },
  {
    what: "Recall@10 hybrid: keyword / reworded",
    cell: (r) => {
      const hybrid = r.recallQuality.modes.hybrid;
      return `${percent(hybrid.keyword.recallAt10)} / ${percent(hybrid.reworded.recallAt10)}`;
    },
    target: "",
  },
  {
    what: "Planted facts in the prompt, 100k budget",
    cell: (r) => {
      const entry = r.reachability.find((reach) => reach.budget === 100_000);
      return entry ? percent(entry.overall.reachable / Math.max(1, entry.overall.facts)) : "–";
    },
    target: "",
  },
  {
    what: "Topic boundaries found (±5 messages)",
    cell: (r) => percent(r.segmentation.recall),
    target: "",
  },
  {
    what: "`kern reindex`: time / identical",
    cell: (r) =>
      r.rebuild
        ? `${(r.rebuild.cliMs / 1000).toFixed(1)} s / ${r.rebuild.identical ? "yes" : "**no**"}`
        : "not run",
    target: "identical",
  },
];

/** Which run a size result came from: one `npm run bench` is one command at one commit. */
function runOf(result: SizeResult): string {
  return `${result.machine.commit} ${result.command}`;
}

/**
 * The sizes of the newest run only (issue 47: the headline from one run at one commit); the
 * sections below keep every size's newest figures, each with its run listed.
 */
export function headlineSizes(results: MergedResults): SizeResult[] {
  const newest = [...results.sizes].sort((a, b) => b.ranAt.localeCompare(a.ranAt))[0];
  if (!newest) return [];
  return results.sizes.filter((result) => runOf(result) === runOf(newest));
}

/** The run the headline comes from, in a sentence. */
function headlineRun(sizes: readonly SizeResult[]): string {
  const last = [...sizes].sort((a, b) => b.ranAt.localeCompare(a.ranAt))[0];
  if (!last) return "";
  const [low, high] = last.toolOutputChars;
  return (
    `One run, commit ${last.machine.commit}, finished ${last.ranAt.slice(0, 16).replace("T", " ")} ` +
    `UTC: \`${last.command}\` (tool outputs of ${number(low)}–${number(high)} characters). ` +
    "The sections below also hold sizes measured by other runs, each run listed under Machine and runs."
  );
}

/** The headline table: docs/benchmarks.md's first section, and README's "Measured". */
export function headlineTable(results: MergedResults): string {
  const sizes = headlineSizes(results);
  const header = ["", ...sizes.map((r) => `${sizeName(r.size)} messages`), "target"];
  return table(
    header,
    ROWS.map((row) => [row.what, ...sizes.map(row.cell), row.target]),
  );
}

export function renderHeadline(results: MergedResults): string {
  const lines = [
    "## Headline figures",
    "",
    headlineRun(headlineSizes(results)),
    "",
    headlineTable(results),
  ];
  const turns = results.turnLatency;
  const instant = turns?.variants[0];
  const slow = turns?.variants[1];
  if (instant && slow) {
    const { change, met } = turnChange(instant, slow);
    lines.push(
      "",
      `Turn latency p95 (its own run, ${turns.ranAt.slice(0, 10)}, commit ${turns.machine.commit}) with a summary model taking ${slow.summaryDelayMs / 1000} s per summary: ` +
        `${ms(slow.latency.p95)} ms, against ${ms(instant.latency.p95)} ms when summaries come ` +
        `back at once (${change >= 0 ? "+" : ""}${percent(change, 1)}; target: not 10% slower, ` +
        `${met ? "met" : "**missed**"}).`,
    );
  }
  return lines.join("\n");
}

export function renderMachine(results: MergedResults): string {
  const newest = [...results.sizes].sort((a, b) => b.ranAt.localeCompare(a.ranAt))[0];
  if (!newest) return "";
  const { machine } = newest;
  const packages = Object.entries(machine.packages)
    .map(([name, version]) => `${name} ${version}`)
    .join(", ");
  const run = (
    label: string,
    result: { ranAt: string; command: string; machine: { loadAverage: number[]; commit: string } },
  ) =>
    `- ${label}: ${result.ranAt.slice(0, 16).replace("T", " ")} UTC, commit ${result.machine.commit}, \`${result.command}\`, load average ${result.machine.loadAverage.join(" / ")} (1 / 5 / 15 min) at its end`;
  const runs = [
    ...results.sizes.map((r) => run(sizeName(r.size), r)),
    ...results.variants.map((r) => run(`${sizeName(r.size)} (${r.variant})`, r)),
  ];
  if (results.turnLatency) runs.push(run("turn latency", results.turnLatency));
  return [
    "## Machine and runs",
    "",
    `${machine.cpu}, ${machine.cores} cores, ${machine.ramGb} GB RAM, ${machine.os}, Node ${machine.node}; ${packages}.`,
    "",
    "Each size ran in its own process (so peak RSS is per size). The machine is shared (other " +
      "work raises the load average above its 2 cores), so timings carry noise; the load at the " +
      "end of each run is listed. Runs merged into this document:",
    "",
    ...runs,
  ].join("\n");
}

export function renderMethod(results: MergedResults): string {
  const first = results.sizes[0];
  if (!first) return "";
  const facts = results.sizes.map((r) => `${r.history.facts} at ${sizeName(r.size)}`).join(", ");
  const range = (r: SizeResult) =>
    `${number(r.toolOutputChars[0])}–${number(r.toolOutputChars[1])}`;
  const others = results.sizes
    .filter((r) => range(r) !== range(first))
    .map((r) => `${sizeName(r.size)}: ${range(r)}`);
  const otherRanges = others.length > 0 ? ` (${others.join(", ")})` : "";
  return [
    "## Data and method",
    "",
    `Histories come from the seeded generator in \`bench/generator/\` (seed ${first.seed}): a ` +
      "multi-topic agent conversation in the import format, with tool calls and tool results of " +
      `${range(first)} characters${otherRanges}, topic ` +
      "blocks of 20–200 messages that come back later, and planted facts with their ground truth " +
      `(${facts}; identifiers, decisions, updated values, dated events, two-hop facts and negatives ` +
      "that were never stated). Everything runs offline through the real code paths: " +
      "`importConversation` (what `kern import` runs), the memory engine with the `local` embedder " +
      "and the `extractive` summarizer, `memory.compose`, `memory.recall`, and `kern reindex` " +
      `through the CLI. The figures are single runs, not averages: ` +
      "expect a few percent of noise on timings.",
  ].join("\n");
}
