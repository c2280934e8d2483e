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

export function renderRecallFindings(sizes: readonly SizeResult[]): string {
  if (sizes.length === 0) return "";
  const keyword = sizes.map((r) => {
    const { fts, vector, hybrid } = r.recallQuality.modes;
    return `${sizeName(r.size)}: hybrid ${percent(hybrid.keyword.recallAt10)}, FTS ${percent(fts.keyword.recallAt10)}, vector ${percent(vector.keyword.recallAt10)}`;
  });
  const largest = sizes.at(-1) as SizeResult;
  const negatives = largest.recallQuality.modes;
  return [
    "What this shows:",
    "",
    `- Keyword questions are recall's strength (R@10 ${keyword.join("; ")}). FTS carries them; ` +
      `fusing in the vector ranking moves R@1 from ${percent(largest.recallQuality.modes.fts.keyword.recallAt1)} ` +
      `(FTS only) to ${percent(largest.recallQuality.modes.hybrid.keyword.recallAt1)} at ${sizeName(largest.size)}.`,
    `- Reworded questions: ${sizes.map(rewordedVerdict).join("; ")}. The reason is the embedder: ` +
      "`local` is a hashed bag of word unigrams and bigrams, so a paraphrase that shares few " +
      'words with the statement ("the tunnel appliance" for "VPN gateway") lands near ' +
      "unrelated messages, and BM25 has only the few shared words, which are common in a long " +
      "history. Fusing two rankings that both miss cannot find the fact. A semantic embedding " +
      "model (`embeddingModel` set to a served model) is what these questions need; this " +
      "benchmark runs offline and cannot measure one.",
    "- Negatives: recall has no score threshold and returns k ranges for any question that " +
      `shares a word with the history. Its scores are only a partial "not found" signal: at ` +
      `${sizeName(largest.size)}, ${percent(negatives.fts.negativesBelowTypical)} of the negative ` +
      "questions have a top score below the typical positive one with BM25, " +
      `${percent(negatives.vector.negativesBelowTypical)} with cosine similarity and ` +
      `${percent(negatives.hybrid.negativesBelowTypical)} with the fused score (RRF reflects ` +
      "ranks, that is whether the two rankings agree on a message, not how well it matched); " +
      "the rest look like hits. The agent has to read the snippets before saying a fact was " +
      "never mentioned.",
    "- Updated values: recall ranks by relevance, not recency, so the latest value comes first " +
      `only ${percent(largest.recallQuality.modes.hybrid.updatedLatestFirst.keyword)} of the time ` +
      `at ${sizeName(largest.size)} (hybrid, keyword). The timestamps are in the results; the ` +
      "agent has to compare them (or expand the newest range).",
  ].join("\n");
}
