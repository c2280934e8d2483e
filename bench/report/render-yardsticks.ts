// Section 6c of docs/benchmarks.md: recall on the six yardsticks of issue 51 (LongMemEval dev,
// LoCoMo dev, ops-dev, REALTALK dev, BEAM 100K dev, LoCoMo-Plus dev), from
// bench/results/recall-yardsticks.json (`npm run bench:recall -- --report`).
import { z } from "zod";

export const yardsticksResultSchema = z.object({
  command: z.string(),
  finishedAt: z.string(),
  commit: z.string().optional(),
  markdown: z.string(),
});

export type YardsticksResult = z.infer<typeof yardsticksResultSchema>;

export function renderYardsticks(result: YardsticksResult | null): string {
  if (!result) return "";
  const at = result.commit ? ` at commit ${result.commit}` : "";
  return [
    "## 6c. Recall on six yardsticks: LongMemEval, LoCoMo, ops-dev, REALTALK, BEAM, LoCoMo-Plus",
    "",
    "Message recall @1 / @5 / @10 (a question is a hit at k when an evidence message lies within",
    "the first k messages shown; a result that is a range of n messages counts n), every leg and",
    "the final ranking beside BM25 over single messages and the FTS5 reference",
    "(`../shared/tools/fts5_reference.py`, ported to `bench/recall/fts5-reference.ts`), all in",
    `one run${at}: \`${result.command}\`, finished ${result.finishedAt}. Only the dev halves of`,
    "the data sets are here; the held-back halves are measured elsewhere. The first table is one",
    "row per variant (`bench/recall/variants.ts`), a yardstick's cell its final @5 / @10 (ops-dev:",
    "the mean of its keyword, question and reworded sets); `sum` adds each yardstick's score (the",
    "mean of @5 and @10); each variant is judged against the first under issue 51's rule (the sum",
    "rises, four or more yardsticks rise, none falls by more than a point). The leave-one-out",
    "tables choose a change's parameter on five yardsticks and show what it gains on the sixth.",
    "The per-rule history is in `docs/decisions/0004-recall-ranking.md`.",
    "",
    result.markdown.trim(),
  ].join("\n");
}
