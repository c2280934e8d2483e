// `npx tsx bench/longmemeval/run-lme-reachability.ts [--subset] [--limit N] [--out FILE]`: issue
// 15's answer-in-prompt on LongMemEval. Each question whose answer is verbatim in an evidence turn
// gets a fresh agent through the real path (import, the offline memory pipeline), then kern's
// prompt, plain trimming and top-k recall injection at 32k and 64k (answer-in-prompt.ts). Writes
// JSON to FILE (`npm run bench` writes bench/results/lme-reachability.json), else prints it.
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { importConversation, initAgent, withOfflineMemory } from "../../src/daemon/index.js";
import { SYSTEM_CLOCK } from "../../src/kernel/index.js";
import type { LmeReachQuestion } from "../report/render-lme-reachability.js";
import { answerInPrompt, type VerbatimAnswer, verbatimAnswer } from "./answer-in-prompt.js";
import { hasEvidence, loadQuestions, type Question } from "./questions.js";
import { toHaystack } from "./to-conversation.js";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");
export const LME_BUDGETS = [32_000, 64_000];
/** Questions measured at most by default (the dev split has ~70 eligible): ~2 minutes. */
const DEFAULT_LIMIT = 120;

async function measure(
  question: Question,
  verbatim: VerbatimAnswer,
  workDir: string,
): Promise<LmeReachQuestion> {
  const haystack = toHaystack(question);
  const agentDir = join(workDir, question.question_id);
  const file = join(workDir, `${question.question_id}.jsonl`);
  rmSync(agentDir, { recursive: true, force: true });
  await initAgent({ agentDir, git: false });
  writeFileSync(file, `${haystack.lines.map((line) => JSON.stringify(line)).join("\n")}\n`);
  await importConversation({ agentDir, file, clock: SYSTEM_CLOCK });
  try {
    return await withOfflineMemory({ agentDir, env: {} }, async (memory, store, config) => {
      await memory.runUntilIdle();
      const budgets = [];
      for (const budget of LME_BUDGETS) {
        const options = { memory, store, config, question: question.question, budget };
        budgets.push(await answerInPrompt({ ...options, answer: verbatim.answer }));
      }
      const tokens = store.messages.sessionStats(store.sessionLog.sessionId).tokens;
      return {
        id: question.question_id,
        type: question.question_type,
        tokens,
        ...verbatim,
        budgets,
      };
    });
  } finally {
    rmSync(agentDir, { recursive: true, force: true });
    rmSync(file, { force: true });
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { subset: { type: "boolean" }, limit: { type: "string" }, out: { type: "string" } },
  });
  const source = loadQuestions(ROOT, { subset: Boolean(values.subset) });
  const scored = source.questions.flatMap((question) => {
    if (!hasEvidence(question)) return [];
    const verbatim = verbatimAnswer(question, toHaystack(question));
    return verbatim ? [{ question, verbatim }] : [];
  });
  const limit = values.limit === undefined ? DEFAULT_LIMIT : Number(values.limit);
  // Every n-th eligible question, so the sample spans the split's question types.
  const step = Math.max(1, scored.length / limit);
  const picked = Array.from(
    { length: Math.min(limit, scored.length) },
    (_, index) => scored[Math.floor(index * step)],
  ).flatMap((entry) => (entry ? [entry] : []));
  const workDir = join(tmpdir(), `kern-lme-reach-${process.pid}`);
  mkdirSync(workDir, { recursive: true });
  const results: LmeReachQuestion[] = [];
  const started = performance.now();
  try {
    for (const [index, { question, verbatim }] of picked.entries()) {
      results.push(await measure(question, verbatim, workDir));
      if ((index + 1) % 10 === 0 || index + 1 === picked.length) {
        const seconds = ((performance.now() - started) / 1000).toFixed(0);
        process.stderr.write(`[lme-reach ${index + 1}/${picked.length} ${seconds} s]\n`);
      }
    }
  } finally {
    rmSync(workDir, { recursive: true, force: true });
  }
  const json = {
    source: source.name,
    eligible: scored.length,
    scoredQuestions: source.questions.filter(hasEvidence).length,
    budgets: LME_BUDGETS,
    questions: results,
  };
  const text = `${JSON.stringify(json, null, 1)}\n`;
  if (values.out) writeFileSync(values.out, text);
  else process.stdout.write(text);
}

main().catch((error: unknown) => {
  process.stderr.write(
    `${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
