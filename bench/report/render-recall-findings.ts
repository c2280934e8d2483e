// The sentences under the recall quality tables: does hybrid beat both single rankings on
// reworded questions, and what recall returns for negatives. Written from the figures. Pure.

import { number, percent, sizeName } from "./markdown-format.js";
import type { SizeResult } from "./results-schema.js";

function rewordedVerdict(result: SizeResult): string {
  const { fts, vector, hybrid } = result.recallQuality.modes;
  const best = Math.max(fts.reworded.mrr, vector.reworded.mrr);
  const size = sizeName(result.size);
  if (hybrid.reworded.mrr > best)
    return `at ${size} hybrid beats both on reworded questions (MRR ${number(hybrid.reworded.mrr, 2)} against ${number(fts.reworded.mrr, 2)} and ${number(vector.reworded.mrr, 2)})`;
  return `at ${size} hybrid does **not** beat both on reworded questions (MRR ${number(hybrid.reworded.mrr, 2)}; FTS ${number(fts.reworded.mrr, 2)}, vector ${number(vector.reworded.mrr, 2)})`;
}

/** kern's hybrid recall against plain BM25 on the same questions, where the baseline ran. */
function baselineVerdict(result: SizeResult): string[] {
  const { bm25, hybrid } = result.recallQuality.modes;
  if (!bm25) return [];
  const ratio =
    bm25.reworded.recallAt5 > 0 ? hybrid.reworded.recallAt5 / bm25.reworded.recallAt5 : 0;
  return [
    `at ${sizeName(result.size)} keyword R@5 ${number(hybrid.keyword.recallAt5, 3)} against ` +
      `BM25's ${number(bm25.keyword.recallAt5, 3)}, reworded R@5 ` +
      `${number(hybrid.reworded.recallAt5, 3)} against ${number(bm25.reworded.recallAt5, 3)} ` +
      `(${number(ratio, 2)}×)`,
  ];
}

export function renderRecallFindings(sizes: readonly SizeResult[]): string {
  if (sizes.length === 0) return "";
  const keyword = sizes.map((r) => {
    const { fts, vector, hybrid } = r.recallQuality.modes;
    return `${sizeName(r.size)}: hybrid ${percent(hybrid.keyword.recallAt10)}, FTS ${percent(fts.keyword.recallAt10)}, vector ${percent(vector.keyword.recallAt10)}`;
  });
  const largest = sizes.at(-1) as SizeResult;
  const negatives = largest.recallQuality.modes;
  const baseline = sizes.flatMap(baselineVerdict);
  return [
    "What this shows:",
    "",
    ...(baseline.length > 0
      ? [
          `- Against plain BM25 over single messages (same questions, same run): ${baseline.join("; ")}.`,
        ]
      : []),
    `- Keyword questions are recall's strength (R@10 ${keyword.join("; ")}). FTS carries them; ` +
      `fusing in the vector ranking moves R@1 from ${percent(largest.recallQuality.modes.fts.keyword.recallAt1)} ` +
      `(FTS only) to ${percent(largest.recallQuality.modes.hybrid.keyword.recallAt1)} at ${sizeName(largest.size)}.`,
    `- Reworded questions: ${sizes.map(rewordedVerdict).join("; ")}. A question word no ` +
      "message uses is searched with its WordNet synonyms that the history does use (shipped " +
      'with kern: "a new permit to drive" finds "licence"). The `local` leg re-orders FTS ' +
      "candidates by words and by meaning (GloVe word vectors shipped with kern), but it can " +
      "only re-order what BM25 found: a paraphrase that shares no word or synonym with the " +
      'statement ("the tooth doctor" for "dentist") is not among the candidates. When the ' +
      "words miss, a meaning leg searches the newest 20,000 messages by their averaged word " +
      "vectors (on since ADR 0004 round 26: it raised all six recall yardsticks), but averaged " +
      "GloVe vectors place few of this generator's paraphrases near enough to their statement. " +
      "A semantic embedding model (`embeddingModel` set to a served model) searches every " +
      "vector; this benchmark runs offline and cannot measure one.",
    '- Negatives: recall answers nothing ("no close matches") only when no message shares a ' +
      "word with the question; a negative that shares words gets hits. Its scores are only a " +
      `partial "not found" signal: at ${sizeName(largest.size)}, ` +
      `${percent(negatives.fts.negativesBelowTypical)} of the negative ` +
      "questions have a top score below the typical positive one with BM25, " +
      `${percent(negatives.vector.negativesBelowTypical)} with cosine similarity and ` +
      `${percent(negatives.hybrid.negativesBelowTypical)} with the fused score (RRF reflects ` +
      "ranks, that is whether the two rankings agree on a message, not how well it matched); " +
      "the rest look like hits. The agent has to read the snippets before saying a fact was " +
      "never mentioned.",
    "- Updated values: among the candidates that name every word of the question, recall puts " +
      "the newest first (ADR 0004), so the latest value comes first for " +
      `${percent(largest.recallQuality.modes.hybrid.updatedLatestFirst.keyword)} of the facts ` +
      `at ${sizeName(largest.size)} (hybrid, keyword; FTS alone ` +
      `${percent(largest.recallQuality.modes.fts.updatedLatestFirst.keyword)}).`,
  ].join("\n");
}
