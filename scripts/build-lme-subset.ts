// Writes the LongMemEval subset vendored for `npm run bench` (bench/longmemeval/data/): a
// stratified sample of the S dev split beside the repository (../shared/data/longmemeval/),
// the same share of every question type, every n-th question by id. Deterministic.
// Usage: npx tsx scripts/build-lme-subset.ts [--questions 60]
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";
import {
  hasEvidence,
  loadQuestions,
  type Question,
  VENDORED_SUBSET,
} from "../bench/longmemeval/questions.js";

const ROOT = fileURLToPath(new URL("..", import.meta.url));

/** Every n-th question of each type (sorted by id) so each type keeps its share of `total`. */
export function stratify(questions: readonly Question[], total: number): Question[] {
  const byType = new Map<string, Question[]>();
  for (const question of [...questions].sort((a, b) => a.question_id.localeCompare(b.question_id)))
    byType.set(question.question_type, [...(byType.get(question.question_type) ?? []), question]);
  const chosen: Question[] = [];
  for (const group of byType.values()) {
    const share = Math.max(1, Math.round((group.length / questions.length) * total));
    const step = group.length / share;
    for (let index = 0; index < share; index += 1)
      chosen.push(group[Math.floor(index * step)] as Question);
  }
  return chosen.sort((a, b) => a.question_id.localeCompare(b.question_id));
}

function main(): void {
  const { values } = parseArgs({ options: { questions: { type: "string" } } });
  const total = Number(values.questions ?? "60");
  const source = loadQuestions(ROOT, { subset: false });
  if (!source.name.includes("dev split")) {
    throw new Error("the dev split is not at ../shared/data/longmemeval/; nothing to sample");
  }
  const subset = stratify(source.questions.filter(hasEvidence), total);
  const out = join(ROOT, VENDORED_SUBSET);
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, gzipSync(JSON.stringify(subset), { level: 9 }));
  process.stdout.write(`${subset.length} questions -> ${out}\n`);
}

main();
