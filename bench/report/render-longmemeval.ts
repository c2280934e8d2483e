// Section 6b of docs/benchmarks.md: LongMemEval recall per leg beside BM25, from
// bench/results/longmemeval.json (written by `npx tsx bench/longmemeval/run-longmemeval.ts >
// bench/results/longmemeval.json`). Pure.
import { z } from "zod";

const legRecallSchema = z.object({
  turn: z.record(z.string(), z.number()),
  session: z.record(z.string(), z.number()),
});
const legsSchema = z.record(z.string(), legRecallSchema);

export const longMemEvalResultSchema = z.object({
  source: z.string(),
  questions: z.number(),
  overall: legsSchema,
  byType: z.record(z.string(), z.object({ questions: z.number(), legs: legsSchema })),
});
export type LongMemEvalResult = z.infer<typeof longMemEvalResultSchema>;

const LEG_ORDER = ["bm25", "fts", "vectors", "fused", "final"];
const KS = ["1", "5", "10"];

function rows(group: string, legs: LongMemEvalResult["overall"]): string[] {
  return LEG_ORDER.filter((leg) => legs[leg]).map((leg) => {
    const recall = legs[leg];
    const cells = KS.map((k) => (recall?.turn[k] ?? 0).toFixed(3)).concat(
      KS.map((k) => (recall?.session[k] ?? 0).toFixed(3)),
    );
    return `| ${group} | ${leg} | ${cells.join(" | ")} |`;
  });
}

/** The section, or "" without results. */
export function renderLongMemEval(result: LongMemEvalResult | null): string {
  if (!result) return "";
  const table = [
    "| questions | leg | turn R@1 | R@5 | R@10 | session R@1 | R@5 | R@10 |",
    "| :--- | :--- | ---: | ---: | ---: | ---: | ---: | ---: |",
    ...rows(`all (${result.questions})`, result.overall),
    ...Object.entries(result.byType).flatMap(([type, entry]) =>
      rows(`${type} (${entry.questions})`, entry.legs),
    ),
  ];
  return [
    "## 6b. Recall on real chat histories: LongMemEval",
    "",
    `${result.source}, the questions with evidence (LongMemEval, ICLR 2025, MIT), measured by` +
      " `npm run bench` (alone: `npx tsx bench/longmemeval/run-longmemeval.ts`) in one run: one agent per question built" +
      " through the real path (import, the offline memory pipeline with the `local` embedder," +
      " recall). Turn recall@k: an evidence message among the first k messages shown (a result" +
      " of n messages counts n); session recall@k: a message of an evidence session among them." +
      " Legs: `bm25` is plain BM25 over single messages computed in the same run (lowercased" +
      " words, English stop words removed, k1 1.2, b 0.75, speaker name in the text); `fts` and" +
      " `vectors` are recall's two legs alone (`vectors`: FTS candidates re-ordered by words and" +
      " meaning), `fused` their weighted fusion (with the dated leg; the second hop is off by" +
      " default), `final` what `recall`" +
      " returns (one result per turn, the newest statement of a subject first). ADR 0004 explains the ranking and lists what lost.",
    "",
    ...table,
  ].join("\n");
}
