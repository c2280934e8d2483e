// Section 6c of docs/benchmarks.md: recall on the three yardsticks of issue 30 (LongMemEval dev,
// LoCoMo dev, ops-dev), from bench/results/recall-yardsticks.json (`npm run bench:recall`).
import { z } from "zod";

export const yardsticksResultSchema = z.object({
  command: z.string(),
  finishedAt: z.string(),
  markdown: z.string(),
});

export type YardsticksResult = z.infer<typeof yardsticksResultSchema>;

export function renderYardsticks(result: YardsticksResult | null): string {
  if (!result) return "";
  return [
    "## 6c. Recall on three yardsticks: LongMemEval, LoCoMo, ops-dev",
    "",
    "Message recall @1 / @5 / @10 (a question is a hit at k when an evidence message lies within",
    "the first k messages shown; a result that is a range of n messages counts n), every leg and",
    "the final ranking beside BM25 over single messages and the FTS5 reference",
    "(`../shared/tools/fts5_reference.py`, ported to `bench/recall/fts5-reference.ts`), all in",
    `one run: \`${result.command}\`, finished ${result.finishedAt}. The per-rule table is in`,
    "`docs/decisions/0004-recall-ranking.md`.",
    "",
    result.markdown.trim(),
  ].join("\n");
}
