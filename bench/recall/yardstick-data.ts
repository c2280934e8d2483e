// The six recall yardsticks of issue 51, read from ../shared/data beside the repository:
// LongMemEval dev (one conversation per question), LoCoMo dev (three conversations between two
// named people), ops-dev (one 20k-message operations history asked in three ways), REALTALK dev
// (five real 21-day chats), BEAM 100K dev (ten long user-assistant chats) and LoCoMo-Plus dev
// (implicit cues stitched into LoCoMo's three). Each becomes conversations in kern's import
// format with questions whose evidence is message seqs.
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { z } from "zod";
import { hasEvidence, loadQuestions } from "../longmemeval/questions.js";
import { haystackTime, toHaystack } from "../longmemeval/to-conversation.js";

export interface ImportLine {
  role: "user" | "assistant" | "tool";
  content: string;
  ts: string;
  name?: string;
}

export interface YardstickQuestion {
  /** The query set: "lme", "locomo", "ops-keyword", "ops-question", "ops-reworded", … */
  set: string;
  category: string;
  question: string;
  evidence: Set<number>;
  /** When the question is asked (ISO), where the data set says. */
  askedAt?: string;
}

export interface Conversation {
  id: string;
  lines: ImportLine[];
  questions: YardstickQuestion[];
}

export const YARDSTICKS = ["lme", "locomo", "ops", "realtalk", "beam", "locomo-plus"] as const;
export type YardstickName = (typeof YARDSTICKS)[number];

const lineSchema = z.object({
  role: z.enum(["user", "assistant", "tool"]),
  content: z.string(),
  ts: z.string(),
  name: z.string().optional(),
});
const qaSchema = z.array(
  z.object({
    question: z.string(),
    evidence_idx: z.array(z.number()).optional(),
    category_name: z.string().nullish(),
    category: z.union([z.string(), z.number()]).nullish(),
    subtype: z.string().nullish(),
    adversarial: z.boolean().nullish(),
    question_date: z.string().nullish(),
  }),
);

function sharedData(root: string): string {
  return join(root, "..", "shared", "data");
}

function readLines(file: string): ImportLine[] {
  return readFileSync(file, "utf8")
    .split("\n")
    .filter((line) => line.trim())
    .map((line) => {
      const { role, content, ts, name } = lineSchema.parse(JSON.parse(line));
      return name ? { role, content, ts, name } : { role, content, ts };
    });
}

/** A question's category: LoCoMo's name, else LoCoMo-Plus's subtype, else BEAM's ability. */
function categoryOf(qa: z.infer<typeof qaSchema>[number]): string {
  if (qa.category_name) return qa.category_name;
  if (qa.subtype && typeof qa.category === "string" && qa.category === "cognitive") {
    return qa.subtype;
  }
  return typeof qa.category === "string" ? qa.category : "other";
}

function readQuestions(file: string, set: string): YardstickQuestion[] {
  return qaSchema
    .parse(JSON.parse(readFileSync(file, "utf8")))
    .filter((qa) => !qa.adversarial && (qa.evidence_idx?.length ?? 0) > 0)
    .map((qa) => ({
      set,
      category: categoryOf(qa),
      question: qa.question,
      evidence: new Set(qa.evidence_idx),
      ...(qa.question_date ? { askedAt: qa.question_date } : {}),
    }));
}

/** Every `<id>.jsonl` of `dir` with its `<id>.qa.json`, adversarial questions skipped. */
function loadDialogues(dir: string, set: string): Conversation[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith(".qa.json"))
    .sort()
    .map((name) => {
      const id = name.replace(".qa.json", "");
      return {
        id: `${set}-${id}`,
        lines: readLines(join(dir, `${id}.jsonl`)),
        questions: readQuestions(join(dir, name), set),
      };
    });
}

/** LoCoMo dev: three conversations between two named people. */
export function loadLocomo(root: string): Conversation[] {
  return loadDialogues(join(sharedData(root), "locomo-dev"), "locomo");
}

/** REALTALK dev: five real 21-day chats. */
function loadRealtalk(root: string): Conversation[] {
  return loadDialogues(join(sharedData(root), "realtalk-dev"), "realtalk");
}

/** LoCoMo-Plus dev: implicit cues and their triggers stitched into LoCoMo's three. */
export function loadLocomoPlus(root: string): Conversation[] {
  return loadDialogues(join(sharedData(root), "locomo-plus-dev"), "locomo-plus");
}

/** BEAM 100K dev: ten long user-assistant chats, unpacked from their archive. */
function loadBeam(root: string): Conversation[] {
  const archive = join(sharedData(root), "beam-dev", "beam-100k-dev.tar.gz");
  const folder = mkdtempSync(join(tmpdir(), "kern-beam-"));
  try {
    execFileSync("tar", ["-xzf", archive, "-C", folder]);
    return loadDialogues(join(folder, "beam-100k-dev"), "beam");
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/**
 * ops-dev: one 20k history, three query sets. `sample` keeps every n-th question of each set
 * (1: all 334), a fixed sample stated in the report.
 */
export function loadOps(root: string, sample: number): Conversation[] {
  const archive = join(sharedData(root), "ops-dev", "ops-20k.tar.gz");
  const folder = mkdtempSync(join(tmpdir(), "kern-ops-"));
  try {
    execFileSync("tar", ["-xzf", archive, "-C", folder]);
    const dir = join(folder, "ops-dev");
    const questions = ["keyword", "question", "reworded"].flatMap((set) =>
      readQuestions(join(dir, `ops-20k.${set}.qa.json`), `ops-${set}`).filter(
        (_, index) => index % sample === 0,
      ),
    );
    return [{ id: "ops-20k", lines: readLines(join(dir, "ops-20k.jsonl")), questions }];
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/**
 * LongMemEval dev: one conversation per question with evidence (282), the first `limit`; with a
 * `part` [i, n], only every n-th from the i-th (a child process's share of a parallel run).
 */
export function loadLme(
  root: string,
  limit: number,
  part: [number, number] = [0, 1],
): Conversation[] {
  const source = loadQuestions(root, {
    subset: !existsSync(join(sharedData(root), "longmemeval")),
  });
  return source.questions
    .filter(hasEvidence)
    .slice(0, limit)
    .filter((_, index) => index % part[1] === part[0])
    .map((question) => {
      const haystack = toHaystack(question);
      return {
        id: question.question_id,
        lines: haystack.lines,
        questions: [
          {
            set: "lme",
            category: question.question_type,
            question: question.question,
            evidence: haystack.evidence,
            askedAt: haystackTime(question.question_date),
          },
        ],
      };
    });
}

/** How much of the sets a run reads: LongMemEval's first `lmeLimit` (its `lmePart`), ops' every n-th. */
export interface YardstickSample {
  lmeLimit: number;
  opsSample: number;
  lmePart?: [number, number];
}

/** One yardstick's conversations. */
export function loadYardstick(
  root: string,
  name: YardstickName,
  sample: YardstickSample,
): Conversation[] {
  if (name === "lme") return loadLme(root, sample.lmeLimit, sample.lmePart);
  if (name === "locomo") return loadLocomo(root);
  if (name === "realtalk") return loadRealtalk(root);
  if (name === "beam") return loadBeam(root);
  if (name === "locomo-plus") return loadLocomoPlus(root);
  return loadOps(root, sample.opsSample);
}

/** A conversation's messages that are not tool outputs: their seqs and texts. */
export function spokenLines(c: Conversation): { seqs: number[]; texts: string[] } {
  const seqs = c.lines.flatMap((line, seq) => (line.role === "tool" ? [] : [seq]));
  return { seqs, texts: seqs.map((seq) => c.lines[seq]?.content ?? "") };
}
