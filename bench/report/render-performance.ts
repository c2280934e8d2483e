// Sections 1–5 of docs/benchmarks.md: import, pipeline and per-turn overhead, compose latency,
// recall latency and memory, compression. Pure.

import { compact, ms, number, sizeName, table } from "./markdown-format.js";
import type { MergedResults } from "./results-files.js";
import type { Latency, SizeResult } from "./results-schema.js";

function latencyCells(latency: Latency): string[] {
  return [ms(latency.p50), ms(latency.p95), ms(latency.max)];
}

function renderImport(sizes: readonly SizeResult[]): string {
  const rows = sizes.map((r) => [
    sizeName(r.size),
    compact(r.history.tokens),
    `${number(r.history.bytes / 1024 ** 2, 1)} MB`,
    `${(r.import.ms / 1000).toFixed(1)} s`,
    number(r.import.messagesPerSecond),
    compact(r.import.tokensPerSecond),
  ]);
  return [
    "## 1. Import throughput",
    "",
    "`importConversation` (what `kern import` runs): parse and validate the file, append every " +
      "message to the session log, count its o200k tokens and insert it into the index (messages " +
      "table and FTS5) in one transaction. The memory pipeline is timed separately below.",
    "",
    table(["size", "tokens", "file", "time", "messages/s", "tokens/s"], rows),
  ].join("\n");
}

/**
 * Issue 32: how each figure grows past 100k — time at N over time at 100k, beside N / 100k (the
 * growth of the history); a linear phase keeps the two equal. Empty when no size exceeds 100k.
 */
function renderGrowth(sizes: readonly SizeResult[], phases: readonly string[]): string {
  const base = sizes.find((r) => r.size === 100_000);
  const larger = sizes.filter((r) => r.size > 100_000);
  if (!base || larger.length === 0) return "";
  const ratio = (value: number | undefined, of: number | undefined) =>
    value === undefined || !of ? "–" : `${(value / of).toFixed(1)}×`;
  const rows = larger.map((r) => [
    sizeName(r.size),
    `${(r.size / base.size).toFixed(0)}×`,
    ratio(r.import.ms, base.import.ms),
    ratio(r.pipeline.ms, base.pipeline.ms),
    ...phases.map((phase) => ratio(r.pipeline.phases[phase], base.pipeline.phases[phase])),
    ratio(r.compose.unchanged.p95, base.compose.unchanged.p95),
    ratio(r.compose.newMessage.p95, base.compose.newMessage.p95),
    ratio(r.recallLatency.p95, base.recallLatency.p95),
    ratio(r.rss.peakMb, base.rss.peakMb),
  ]);
  return [
    "Growth against 100k (issue 32: the memory build at most 12× the 100k time for 10× the " +
      "messages); each figure at the size over the same figure at 100k:",
    "",
    table(
      [
        "size",
        "messages",
        "import",
        "memory build",
        ...phases,
        "compose p95",
        "compose after a message p95",
        "recall p95",
        "peak RSS",
      ],
      rows,
    ),
  ].join("\n");
}

function renderPipeline(sizes: readonly SizeResult[]): string {
  const phases = [...new Set(sizes.flatMap((r) => Object.keys(r.pipeline.phases)))];
  const rows = sizes.map((r) => [
    sizeName(r.size),
    `${(r.pipeline.ms / 1000).toFixed(1)} s`,
    ...phases.map((phase) => `${((r.pipeline.phases[phase] ?? 0) / 1000).toFixed(1)} s`),
    `${number(r.history.messages / (r.pipeline.ms / 1000))} msg/s`,
  ]);
  const turnRows = sizes.map((r) => [
    sizeName(r.size),
    String(r.perTurn.latency.n),
    ...latencyCells(r.perTurn.latency),
    String(r.perTurn.segmentsClosed),
  ]);
  const growth = renderGrowth(sizes, phases);
  return [
    "## 2. Memory pipeline and per-turn overhead",
    "",
    "The whole pipeline after an import, offline (`local` embedder, `extractive` summaries): " +
      "embed every message, segment, roll up (`memory.runUntilIdle()`), in the phases the worker " +
      "reports (prepare: the heal and the working-memory catch-up, before the first report); each L0 gets its extractive summary as it closes (segment phase), each rollup " +
      "as it is made (rollup phase, which also holds the summary and notes steps). Target at " +
      "20k: under 60 s. Since commit c5d109f the worker reports each phase as it starts; runs " +
      "before it reported one only when it ended, so in their rows the embed column holds the " +
      "segmentation too and the segment column the rollup.",
    "",
    table(["size", "total", ...phases, "throughput"], rows),
    ...(growth ? ["", growth] : []),
    "",
    "Per-turn overhead: one whole generated turn (user message, tool calls and results, reply) is " +
      "appended to the history, then the incremental run the daemon schedules after a turn " +
      "(`memory.schedule()`, not final) is timed until the worker is idle again. It runs in the " +
      "background, never on the turn path; segments close (and get their extractive summary) " +
      "when enough new messages have gathered.",
    "",
    table(["size", "turns", "p50 ms", "p95 ms", "max ms", "segments closed"], turnRows),
  ].join("\n");
}

function renderCompose(sizes: readonly SizeResult[]): string {
  const rows = sizes.map((r) => [
    sizeName(r.size),
    ...latencyCells(r.compose.unchanged),
    ...latencyCells(r.compose.newMessage),
  ]);
  const first = sizes[0];
  return [
    "## 3. Compose latency",
    "",
    `\`memory.compose\` with the runtime's real \`<tools>\` text at the default 100k budget: ` +
      `${first?.compose.unchanged.n ?? 0} calls with nothing changed (the composer's cache), and ` +
      `${first?.compose.newMessage.n ?? 0} calls each after one new message was appended (the ` +
      "turn path: the message is stored, then the prompt composed). Target: p95 < 10 ms.",
    "",
    table(
      ["size", "unchanged p50", "p95", "max", "new message p50", "p95", "max"],
      rows.map((row) => row.map((cell, index) => (index === 0 ? cell : `${cell} ms`))),
    ),
  ].join("\n");
}

function renderRecallAndMemory(sizes: readonly SizeResult[]): string {
  const rows = sizes.map((r) => [
    sizeName(r.size),
    String(r.recallLatency.n),
    ...latencyCells(r.recallLatency).map((cell) => `${cell} ms`),
    `${ms(r.recallStages.fts.p50)} / ${ms(r.recallStages.fts.p95)} ms`,
    `${ms(r.recallStages.vector.p50)} / ${ms(r.recallStages.vector.p95)} ms`,
  ]);
  const rss = sizes.map((r) => [
    sizeName(r.size),
    `${number(r.rss.afterImportMb)} MB`,
    `${number(r.rss.afterPipelineMb)} MB`,
    `${number(r.rss.peakMb)} MB`,
  ]);
  return [
    "## 4. Recall latency and memory",
    "",
    "`memory.recall({ query, k: 10 })` (hybrid: FTS5 BM25 and the vector leg, fused; ADR 0004) for every question " +
      "of the quality run below (keyword, reworded and negative), each timed three times with its " +
      "fastest time kept (other work on this shared machine only ever adds time). Its two " +
      "stages are also timed apart, once per query: the FTS5 query for the 100 candidates, and " +
      "the vector leg (with the `local` embedder: the candidates' heads read, hashed and given " +
      "their meaning; tool outputs abstain). Target at 100k (issues 12 and 17): p95 < 30 ms.",
    "",
    table(
      ["size", "queries", "p50", "p95", "max", "FTS stage p50 / p95", "vector stage p50 / p95"],
      rows,
    ),
    "",
    "Process RSS of the size's own process: after the import, after the pipeline, and the peak " +
      "over the whole run (import, pipeline, the measurements and the appended turns). Up to 30k " +
      "messages the peak includes the plain-BM25 baseline's in-memory index (§6), which kern " +
      "itself never builds.",
    "",
    table(["size", "after import", "after pipeline", "peak"], rss),
    "",
    "`kern import FILE DIR --json` as a user runs it, in its own process, into a fresh agent: " +
      "peak RSS of the process tree (`/usr/bin/time -f %M`) and wall time, parse, append and the " +
      "whole memory build included, with the import report's own times for the append and the " +
      "memory build. Target (issue 13): under 400 MB at 100k messages.",
    "",
    table(
      ["size", "peak RSS", "wall time", "append", "memory build"],
      sizes.map((r) => [
        sizeName(r.size),
        r.cliImport?.peakRssMb == null
          ? "not measured"
          : `${number(r.cliImport.peakRssMb)} MB${r.cliImport.error ? " (**failed**)" : ""}`,
        r.cliImport ? `${(r.cliImport.wallMs / 1000).toFixed(1)} s` : "–",
        r.cliImport?.appendMs == null ? "–" : `${(r.cliImport.appendMs / 1000).toFixed(1)} s`,
        r.cliImport?.memoryMs == null ? "–" : `${(r.cliImport.memoryMs / 1000).toFixed(1)} s`,
      ]),
    ),
  ].join("\n");
}

function renderCompression(sizes: readonly SizeResult[]): string {
  const levels = sizes.flatMap((r) =>
    r.compression.levels.map((level) => [
      sizeName(r.size),
      `L${level.level}`,
      number(level.segments),
      compact(level.tokensIn),
      compact(level.tokensOut),
      `${number(level.ratio, 1)}×`,
    ]),
  );
  const budgets = sizes.flatMap((r) =>
    r.compression.budgets.map((budget) => [
      sizeName(r.size),
      `${budget.budget / 1000}k`,
      number(budget.trimmedMessages),
      compact(budget.trimmedTokens),
      number(budget.summaryTokens),
      `${number(budget.ratio, 1)}×`,
    ]),
  );
  return [
    "## 5. Compression",
    "",
    "Per level: tokens of the messages (L0) or child summaries covered, against the summary " +
      "tokens. L0 aims at about 1/12 of its input (at most 1,500 tokens); a rollup at a quarter " +
      "of its children (200–1,500 tokens). Tool output is most of the input and gets at most one " +
      "short line per result, so L0 compresses more than the target.",
    "",
    table(["size", "level", "segments", "tokens in", "tokens out", "ratio"], levels),
    "",
    "Overall: the messages trimmed from the window against the `<conversation_summary>` block " +
      "that stands for them, at the default budget (100k) and at 50k.",
    "",
    table(
      ["size", "budget", "trimmed messages", "trimmed tokens", "summary tokens", "ratio"],
      budgets,
    ),
  ].join("\n");
}

export function renderPerformance(results: MergedResults): string {
  const { sizes } = results;
  return [
    renderImport(sizes),
    renderPipeline(sizes),
    renderCompose(sizes),
    renderRecallAndMemory(sizes),
    renderCompression(sizes),
  ].join("\n\n");
}
