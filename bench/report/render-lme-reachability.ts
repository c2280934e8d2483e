// Section 7b of docs/benchmarks.md: issue 15's answer-in-prompt on LongMemEval, kern beside plain
// trimming and top-k recall injection at the same token cost, by the depth of the evidence. From
// bench/results/lme-reachability.json (bench/longmemeval/run-lme-reachability.ts). Pure.
import { z } from "zod";
import { countShare, number, table } from "./markdown-format.js";

const promptSchema = z.object({
  budget: z.number(),
  promptTokens: z.number(),
  found: z.object({
    kern: z.boolean(),
    kernNoRecall: z.boolean(),
    trimming: z.boolean(),
    topK: z.boolean(),
  }),
});

const questionSchema = z.object({
  id: z.string(),
  type: z.string(),
  tokens: z.number(),
  answer: z.string(),
  seq: z.number(),
  depth: z.number(),
  budgets: z.array(promptSchema),
});

export const lmeReachabilityResultSchema = z.object({
  source: z.string(),
  eligible: z.number(),
  scoredQuestions: z.number(),
  budgets: z.array(z.number()),
  questions: z.array(questionSchema),
});
export type LmeReachabilityResult = z.infer<typeof lmeReachabilityResultSchema>;
export type LmeReachQuestion = z.infer<typeof questionSchema>;

const KINDS = [
  ["kern", "kern"],
  ["kernNoRecall", "kern, autoRecall off"],
  ["trimming", "plain trimming"],
  ["topK", "top-k recall"],
] as const;
/** Evidence depth bands: share of the history newer than the evidence turn. */
const BANDS = [0, 0.25, 0.5, 0.75, 1.0001];

function count(questions: readonly LmeReachQuestion[], budget: number, kind: string) {
  return questions.filter(
    (question) =>
      question.budgets.find((entry) => entry.budget === budget)?.found[
        kind as "kern" | "kernNoRecall" | "trimming" | "topK"
      ],
  ).length;
}

/** Issue 15's verdicts at one budget: kern against trimming and top-k. */
function verdictLine(questions: LmeReachQuestion[], budget: number): string {
  const kern = count(questions, budget, "kern");
  const trimming = count(questions, budget, "trimming");
  const topK = count(questions, budget, "topK");
  const plain = count(questions, budget, "kernNoRecall");
  const ratio = trimming === 0 ? "∞" : (kern / trimming).toFixed(2);
  const impossible =
    2 * trimming > questions.length
      ? ` (2x trimming is ${2 * trimming}/${questions.length}: arithmetically impossible on ` +
        "this question set)"
      : "";
  return (
    `- ${budget / 1000}k: kern ${kern}, trimming ${trimming} (kern/trimming ${ratio}; issue 15 ` +
    `wants >= 2: ${kern >= 2 * trimming ? "met" : "not met"}${impossible}), top-k ${topK} ` +
    `(kern >= top-k: ${kern >= topK ? "met" : "not met"}); kern with autoRecall off ${plain}. ` +
    outsideLine(questions, budget)
  );
}

/** The section, or "" without results. */
export function renderLmeReachability(result: LmeReachabilityResult | null): string {
  if (!result || result.questions.length === 0) return "";
  const { questions } = result;
  const bands = BANDS.slice(0, -1).map((low, index) => {
    const high = BANDS[index + 1] ?? 1;
    return {
      label: `${Math.round(low * 100)}–${Math.min(100, Math.round(high * 100))}%`,
      questions: questions.filter((question) => question.depth >= low && question.depth < high),
    };
  });
  const rows = result.budgets.flatMap((budget) => [
    ...KINDS.map(([kind, label]) => [
      `${budget / 1000}k`,
      label,
      countShare(count(questions, budget, kind), questions.length),
      ...bands.map((band) =>
        countShare(count(band.questions, budget, kind), band.questions.length),
      ),
    ]),
  ]);
  const meanTokens =
    questions.reduce((sum, question) => sum + question.tokens, 0) / questions.length;
  const verdicts = result.budgets.map((budget) => verdictLine(questions, budget));
  return [
    "## 7b. Answer in the prompt on LongMemEval",
    "",
    `${result.source}: of its ${result.scoredQuestions} questions with evidence, ` +
      `${result.eligible} have an answer of 3–80 characters found verbatim in an evidence turn ` +
      "(and in at most two other messages); every n-th of them is measured here " +
      `(${questions.length}; histories of ${number(meanTokens)} tokens on average). Each gets a ` +
      "fresh agent through the real path (import, the offline memory pipeline: extractive " +
      "summaries, no model). Is the answer (case-insensitive) in the prompt? Prompts of the same " +
      "token cost: kern's prompt for the turn asking the question (`<conversation_summary>`, the " +
      "verbatim window and, with `autoRecall` on by default, the turn's `<recall>` block on the " +
      "user message: at most 2,000 tokens, the passage of each hit that best matches the " +
      "question, better-ranked hits a larger share, a short hit read on into the messages after " +
      "it; the plan keeps its room); the same with `autoRecall` off; plain trimming (the newest " +
      "messages only, in the tokens kern spends on summary and window); top-k recall injection " +
      "(kern's window with autoRecall off, plus the messages of `recall` with the question, best " +
      "first, in the tokens that prompt spends on its summary: what RAG would inject). " +
      "Depth: the share of the history newer than the evidence turn.",
    "",
    table(
      ["budget", "prompt", "answer in prompt", ...bands.map((band) => `depth ${band.label}`)],
      rows,
    ),
    "",
    ...verdicts,
  ].join("\n");
}

/** Where "reach" means something: the questions whose evidence plain trimming does not hold. */
function outsideLine(questions: LmeReachQuestion[], budget: number): string {
  const outside = questions.filter(
    (question) =>
      question.budgets.find((entry) => entry.budget === budget)?.found.trimming === false,
  );
  const kern = count(outside, budget, "kern");
  const plain = count(outside, budget, "kernNoRecall");
  const topK = count(outside, budget, "topK");
  return (
    `Beyond trimming's window (${outside.length} questions, trimming 0 by definition): kern ` +
    `${kern}, kern with autoRecall off ${plain}, top-k ${topK}.`
  );
}
