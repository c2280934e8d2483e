// Sections 6–8 of docs/benchmarks.md: recall quality, prompt reachability, segmentation. Pure.

import { number, percent, sizeName, table } from "./markdown-format.js";
import { renderReachability } from "./render-reachability.js";
import { renderRecallFindings } from "./render-recall-findings.js";
import type { MergedResults } from "./results-files.js";
import type { ModeQuality, QualityMetrics, SizeResult } from "./results-schema.js";

const MODE_NAMES = {
  bm25: "BM25 (baseline)",
  fts: "FTS only",
  vector: "vector only",
  hybrid: "hybrid",
} as const;
type ModeName = keyof typeof MODE_NAMES;
const MODES = Object.keys(MODE_NAMES) as ModeName[];

function qualityCells(metrics: QualityMetrics): string[] {
  return [
    percent(metrics.recallAt1),
    percent(metrics.recallAt5),
    percent(metrics.recallAt10),
    number(metrics.mrr, 2),
  ];
}

function modesOf(result: SizeResult): Array<[ModeName, ModeQuality]> {
  return MODES.flatMap((mode) => {
    const quality = result.recallQuality.modes[mode];
    return quality ? [[mode, quality] as [ModeName, ModeQuality]] : [];
  });
}

function renderRecallQuality(sizes: readonly SizeResult[]): string {
  const rows = sizes.flatMap((r) =>
    modesOf(r).map(([mode, quality]) => [
      `${sizeName(r.size)} (${r.recallQuality.facts} facts)`,
      MODE_NAMES[mode],
      ...qualityCells(quality.keyword),
      ...qualityCells(quality.reworded),
    ]),
  );
  const negatives = sizes.flatMap((r) =>
    modesOf(r).map(([mode, quality]) => [
      `${sizeName(r.size)} (${r.recallQuality.negatives} negatives)`,
      MODE_NAMES[mode],
      String(quality.positiveTopScore),
      String(quality.negativeTopScore),
      percent(quality.negativesBelowTypical),
      percent(quality.negativesEmpty),
      `${percent(quality.updatedLatestFirst.keyword)} / ${percent(quality.updatedLatestFirst.reworded)}`,
    ]),
  );
  return [
    "## 6. Recall quality",
    "",
    "Each planted fact is asked twice: with its keyword `question` (the words of the statement) " +
      "and with its `rewordedQuestion` (a paraphrase sharing few words). A hit is a result range " +
      "holding the message that states the fact (`seq`); k = 10. FTS-only and vector-only are " +
      "recall's own legs (`recallLegs`: the context-scored BM25 hits, the vector neighbours), " +
      "hybrid is `memory.recall` itself (ADR 0004). BM25 (baseline) is plain BM25 over single " +
      "messages (as in the LongMemEval section) asked the same questions in the same run; it is " +
      "built up to 30k messages only (its in-memory index would dominate the peak RSS at 100k).",
    "",
    table(
      ["size", "mode", "R@1", "R@5", "R@10", "MRR", "reworded R@1", "R@5", "R@10", "MRR"],
      rows,
    ),
    "",
    "Negatives are questions about facts that were never stated. Recall returns nothing only " +
      "when no message shares a word with the question, so the table compares the top score of each " +
      "negative question with the median top score of the keyword questions (BM25 for FTS, cosine " +
      "similarity for vectors, the fused RRF score for hybrid). Updated values: the share of " +
      "facts whose latest value's message ranks above every stale value's message (keyword / " +
      "reworded).",
    "",
    table(
      [
        "size",
        "mode",
        "typical top score",
        "negatives' median top",
        "negatives below typical",
        "no result",
        "latest value first",
      ],
      negatives,
    ),
    "",
    renderRecallFindings(sizes),
  ].join("\n");
}

function renderSegmentation(sizes: readonly SizeResult[]): string {
  const rows = sizes.map((r) => {
    const s = r.segmentation;
    return [
      sizeName(r.size),
      number(s.hypothesisBoundaries),
      number(s.referenceBoundaries),
      number(s.pk, 3),
      number(s.windowDiff, 3),
      number(s.precision, 3),
      number(s.recall, 3),
      number(s.f1, 3),
      number(s.precisionCeiling, 3),
    ];
  });
  const first = sizes[0]?.segmentation;
  return [
    "## 8. Segmentation quality",
    "",
    "L0 segment starts against the generator's topic boundaries (`truth.topicBoundaries`). Pk and " +
      "WindowDiff use k = half the mean true topic block (" +
      `${sizes.map((r) => `${r.segmentation.k} messages at ${sizeName(r.size)}`).join(", ")}; ` +
      "lower is better); a boundary counts as found when a segment starts within " +
      `±${first?.tolerance ?? 0} messages of it (about one turn). Segments are also cut for size ` +
      "(target 15k tokens, tool output included), so there are several segments per topic block: " +
      "precision cannot exceed the ceiling shown (true boundaries / segment boundaries), and " +
      "WindowDiff, which counts every extra boundary, stays high. Recall is the figure that " +
      "matters: a topic shift that gets no boundary leaves two topics in one summary.",
    "",
    table(
      [
        "size",
        "segment starts",
        "true boundaries",
        "Pk",
        "WindowDiff",
        "precision",
        "recall",
        "F1",
        "precision ceiling",
      ],
      rows,
    ),
  ].join("\n");
}

export function renderQuality(results: MergedResults): string {
  return [
    renderRecallQuality(results.sizes),
    renderReachability(results),
    renderSegmentation(results.sizes),
  ].join("\n\n");
}
