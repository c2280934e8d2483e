// LongMemEval (Wu et al., ICLR 2025; MIT) questions for the recall benchmark: the dev split in
// ../shared/data/longmemeval/ beside the repository when it is there, else the small subset
// vendored in bench/longmemeval/data/. Each question becomes one conversation to import.
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { z } from "zod";

const turnSchema = z.object({
  role: z.enum(["user", "assistant"]),
  content: z.string(),
  has_answer: z.boolean().optional(),
});

export const questionSchema = z.object({
  question_id: z.string(),
  question_type: z.string(),
  question: z.string(),
  answer: z.unknown(),
  question_date: z.string(),
  haystack_dates: z.array(z.string()),
  haystack_session_ids: z.array(z.string()),
  haystack_sessions: z.array(z.array(turnSchema)),
  answer_session_ids: z.array(z.string()),
});

export type Question = z.infer<typeof questionSchema>;

export interface QuestionSource {
  name: string;
  questions: Question[];
}

/** `<repo>/../shared/data/longmemeval/longmemeval_s_dev.tar.gz`: where CI and users keep it. */
function sharedSplitPath(root: string): string {
  return join(root, "..", "shared", "data", "longmemeval", "longmemeval_s_dev.tar.gz");
}

export const VENDORED_SUBSET = "bench/longmemeval/data/lme-subset.json.gz";

function readSharedSplit(archive: string): Question[] {
  const folder = mkdtempSync(join(tmpdir(), "kern-lme-"));
  try {
    execFileSync("tar", ["-xzf", archive, "-C", folder]);
    const dir = join(folder, "lme-dev");
    return readdirSync(dir)
      .filter((name) => name.endsWith(".json"))
      .sort()
      .map((name) => questionSchema.parse(JSON.parse(readFileSync(join(dir, name), "utf8"))));
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/** The dev split when present (unless `subset`), else the vendored subset. */
export function loadQuestions(root: string, options: { subset: boolean }): QuestionSource {
  const archive = sharedSplitPath(root);
  if (!options.subset && existsSync(archive)) {
    return { name: "LongMemEval S dev split (301 questions)", questions: readSharedSplit(archive) };
  }
  const text = gunzipSync(readFileSync(join(root, VENDORED_SUBSET))).toString("utf8");
  const questions = z.array(questionSchema).parse(JSON.parse(text));
  return { name: `LongMemEval S, vendored subset (${questions.length} questions)`, questions };
}

/** Abstention questions (`_abs`) and questions without an evidence turn are not scored. */
export function hasEvidence(question: Question): boolean {
  return (
    !question.question_id.endsWith("_abs") &&
    question.haystack_sessions.some((session) => session.some((turn) => turn.has_answer))
  );
}
