// `npx tsx bench/longmemeval/run-longmemeval.ts [--subset] [--limit N] [--out FILE]`: LongMemEval
// recall through kern's real path, each leg beside BM25 in the same run. Prints JSON, or writes it
// to FILE (`npm run bench` writes bench/results/longmemeval.json and renders it into
// docs/benchmarks.md, section 6b). Progress on stderr.
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { hasEvidence, loadQuestions } from "./questions.js";
import { LEGS, type QuestionResult, runQuestion } from "./run-question.js";
import { summarize } from "./summarize.js";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      subset: { type: "boolean" },
      limit: { type: "string" },
      out: { type: "string" },
    },
  });
  const source = loadQuestions(ROOT, { subset: Boolean(values.subset) });
  const scored = source.questions.filter(hasEvidence);
  const limit = values.limit === undefined ? scored.length : Number(values.limit);
  const questions = scored.slice(0, limit);
  const workDir = join(tmpdir(), `kern-lme-${process.pid}`);
  mkdirSync(workDir, { recursive: true });
  const results: QuestionResult[] = [];
  const started = performance.now();
  try {
    for (const [index, question] of questions.entries()) {
      results.push(await runQuestion(question, workDir));
      if ((index + 1) % 20 === 0 || index + 1 === questions.length) {
        const table = summarize(results);
        const line = LEGS.map(
          (leg) => `${leg} ${(table.overall[leg].turn[10] ?? 0).toFixed(3)}`,
        ).join(" ");
        process.stderr.write(
          `[lme ${index + 1}/${questions.length} ${((performance.now() - started) / 1000).toFixed(0)} s] R@10 ${line}\n`,
        );
      }
    }
  } finally {
    rmSync(workDir, { recursive: true, force: true });
  }
  const summary = summarize(results);
  const json = `${JSON.stringify({ source: source.name, questions: results.length, ...summary }, null, 1)}\n`;
  if (values.out) writeFileSync(values.out, json);
  else process.stdout.write(json);
}

main().catch((error: unknown) => {
  process.stderr.write(
    `${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
