// Section 7 of docs/benchmarks.md: prompt reachability by depth, before and after, and where
// facts are lost on the way up the summary tree. Pure.
import { countShare, number, percent, sizeName, table } from "./markdown-format.js";
import { reachabilitySize } from "./render-charts.js";
import type { MergedResults } from "./results-files.js";
import type { Reachability, SizeResult } from "./results-schema.js";

/** Facts in the oldest half of the history (buckets 5–9) and how many are in the prompt. */
function oldestHalf(reach: Reachability): { facts: number; reachable: number } {
  return reach.buckets.slice(5).reduce(
    (sum, bucket) => ({
      facts: sum.facts + bucket.facts,
      reachable: sum.reachable + bucket.reachable,
    }),
    { facts: 0, reachable: 0 },
  );
}

function bucketCells(
  reachability: readonly Reachability[] | undefined,
  budget: number,
  bucket: number,
): string {
  const entry = reachability?.find((reach) => reach.budget === budget)?.buckets[bucket];
  return entry ? countShare(entry.reachable, entry.facts) : "–";
}

/** One row of the overall table: a size at a budget, before columns for each tagged run. */
function overallRows(results: MergedResults, tags: readonly string[]): string[][] {
  return results.sizes.flatMap((r) =>
    r.reachability.map((reach) => {
      return [
        sizeName(r.size),
        `${reach.budget / 1000}k`,
        number(reach.summaryTokens),
        (reach.piecesByLevel ?? [])
          .map((count, level) => (count > 0 ? `${count}×L${level}` : ""))
          .filter(Boolean)
          .reverse()
          .join(" + "),
        String(reach.windowMessages),
        reach.promptTokens === undefined ? "–" : percent(reach.promptTokens / reach.budget, 1),
        countShare(reach.overall.reachable, reach.overall.facts),
        countShare(oldestHalf(reach).reachable, oldestHalf(reach).facts),
        ...tags.map((tag) => {
          const entry = results.tagged
            .find((tagged) => tagged.tag === tag && tagged.size === r.size)
            ?.reachability.find((candidate) => candidate.budget === reach.budget);
          return entry ? countShare(entry.overall.reachable, entry.overall.facts) : "–";
        }),
      ];
    }),
  );
}

export function renderReachability(results: MergedResults): string {
  const tags = [...new Set(results.tagged.map((tagged) => tagged.tag))];
  const overall = overallRows(results, tags);
  const chart = reachabilitySize(results);
  const budgets = chart?.reachability.map((reach) => reach.budget) ?? [];
  const before = results.tagged.find((tagged) => tagged.size === chart?.size);
  const byDepth = Array.from({ length: 10 }, (_, bucket) => [
    `${bucket * 10}–${bucket * 10 + 10}%`,
    ...budgets.map((budget) => bucketCells(chart?.reachability, budget, bucket)),
    ...budgets.map((budget) => bucketCells(before?.reachability, budget, bucket)),
  ]);
  return [
    "## 7. Prompt reachability",
    "",
    "The share of planted facts whose `answer` string appears in the prompt the model would get " +
      "(the composed system prompt with `<conversation_summary>`, plus the verbatim window), by " +
      "depth in the history: ten buckets of 10% of the messages, newest first. Extractive " +
      "summaries only (no model), so this is the floor a model summarizer should raise. " +
      "`prompt / budget` is the whole composed prompt (system, summary, window) against " +
      "`maxContextTokens` on a fresh compose (issue 15 wants >= 95%, never over 100%); " +
      "`oldest half` is the facts planted in the older 50% of the history (issue 15 wants >= 0.5).",
    "",
    table(
      [
        "size",
        "budget",
        "summary tokens",
        "summaries in the block",
        "window messages",
        "prompt / budget",
        "facts in prompt",
        "oldest half",
        ...tags.map((tag) => `facts in prompt, ${tag}`),
      ],
      overall,
    ),
    "",
    chart ? `By depth at ${sizeName(chart.size)} messages:` : "",
    "",
    table(
      [
        "depth (newest → oldest)",
        ...budgets.map((budget) => `${budget / 1000}k budget`),
        ...budgets.map((budget) => `${budget / 1000}k, ${before?.tag ?? "before"}`),
      ],
      byDepth,
    ),
    "",
    "![Prompt reachability by depth](benchmarks/reachability.svg)",
    "",
    renderSurvival(results),
    renderDecisions(results),
  ].join("\n");
}

/** Issue 15, Must show 4: the working memory's Decisions after the import. */
function renderDecisions(results: MergedResults): string {
  const rows = results.sizes.flatMap((r) => {
    const d = r.decisions;
    if (!d) return [];
    return [
      [
        sizeName(r.size),
        String(d.listed),
        String(d.planted),
        d.listed === 0 ? "–" : percent(d.correct / d.listed),
        d.planted === 0 ? "–" : percent(d.found / d.planted),
        countShare(d.olderHalf.found, d.olderHalf.planted),
        String(d.keepGoing),
      ],
    ];
  });
  if (rows.length === 0) return "";
  return [
    "",
    "Decisions in the working memory after the import (what `kern memory` lists, offline rules), " +
      "against the generator's planted decisions: precision = listed decisions that hold a " +
      'planted answer ("SQS instead of Kafka"); recall = planted decisions listed; the older ' +
      "half shows the list covers the whole history, not the last turns.",
    "",
    table(
      [
        "size",
        "listed",
        "planted",
        "precision",
        "recall",
        "older half found",
        '"keep going" lines',
      ],
      rows,
    ),
  ].join("\n");
}

function renderSurvival(results: MergedResults): string {
  const depth = Math.max(0, ...results.sizes.map((r) => r.factSurvival.byLevel.length));
  const header = [
    "size",
    "summarizer",
    ...Array.from({ length: depth }, (_, level) => `L${level}`),
  ];
  const row = (size: number, label: string, survival: SizeResult["factSurvival"]) => [
    sizeName(size),
    label,
    ...Array.from({ length: depth }, (_, level) => {
      const kept = survival.byLevel[level];
      return kept === undefined ? "–" : countShare(kept, survival.facts);
    }),
  ];
  const rows = results.sizes.flatMap((r) => [
    row(r.size, "current", r.factSurvival),
    ...results.tagged
      .filter((tagged) => tagged.size === r.size)
      .map((tagged) => row(r.size, tagged.tag, tagged.factSurvival)),
  ]);
  const remark = survivalRemark(results);
  return [
    "Where facts are lost: the share of planted facts whose answer is still in the summary of the " +
      "segment covering them, level by level (a rollup keeps a quarter of its children's lines, " +
      "at most 1,500 tokens).",
    "",
    table(header, rows),
    ...(remark ? ["", remark] : []),
  ].join("\n");
}

/** What the top of the 100k block costs in facts, at the size the plot shows. */
function survivalRemark(results: MergedResults): string | null {
  const result = reachabilitySize(results);
  const reach = result?.reachability.find((entry) => entry.budget === 100_000);
  const pieces = reach?.piecesByLevel ?? [];
  const top = pieces.length - 1;
  if (!result || top < 1) return null;
  const survival = result.factSurvival;
  const below = result.compression.levels.find((level) => level.level === top - 1);
  const kept = (level: number) => countShare(survival.byLevel[level] ?? 0, survival.facts);
  return (
    `At ${sizeName(result.size)} and the 100k budget the block opens with ${pieces[top]} L${top} ` +
    `summar${pieces[top] === 1 ? "y" : "ies"} for the oldest history, and facts there are reachable only ` +
    `if L${top} kept them (${kept(top)}); the L${top - 1} level keeps ${kept(top - 1)} in ` +
    `${number(below?.tokensOut ?? 0)} tokens for the whole history. The composer opens the block ` +
    "breadth-first from the top level, skipping a piece whose children do not fit; above L1 " +
    "the piece that recovers the most messages per added token first, L1s newest first " +
    "(ADR 0010): the distant past gets the level below the top before recent history gets L0s."
  );
}
