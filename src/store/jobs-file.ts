// The jobs of one agent, `.kern/jobs.json`: their source of truth (SPEC §13; ADR 0013). Not
// derived: `kern reindex` and a deleted kern.db never touch it. Every write is atomic (a temp
// file, fsync, rename, fsync of the folder), so a kill -9 leaves the old or the new file, never a
// torn one. This file only reads and writes the document; runtime/jobs decides what goes in it.
import { closeSync, existsSync, openSync, readFileSync, writeSync } from "node:fs";
import { z } from "zod";
import { parseJsonAs, StoreError, scheduledActionSchema } from "../kernel/index.js";
import { writeFileAtomic } from "./atomic-file.js";
import { guardWrite } from "./write-failure.js";

export const JOB_NAME = /^[a-z0-9][a-z0-9_-]{0,62}$/;

const scheduleSchema = z.discriminatedUnion("kind", [
  /** Once, at this instant (ISO UTC). */
  z.object({ kind: z.literal("at"), at: z.string() }),
  /** Every `everyMs`, counted from `from` (ISO UTC). */
  z.object({ kind: z.literal("every"), everyMs: z.number().int().positive(), from: z.string() }),
  /** A cron expression read in `timezone` (null = the config's, else the host's). */
  z.object({ kind: z.literal("cron"), expression: z.string(), timezone: z.string().nullable() }),
]);

export const JOB_OUTCOMES = [
  "started",
  "ok",
  "silent",
  "error",
  "cancelled",
  "skipped-budget",
  "skipped-catch-up",
  "interrupted",
] as const;

const runSchema = z.object({
  /** The due time this run served (ISO UTC). */
  scheduledFor: z.string(),
  startedAt: z.string(),
  outcome: z.enum(JOB_OUTCOMES),
  turnId: z.string().nullable().default(null),
  endedAt: z.string().nullable().default(null),
  /** Input + output tokens of the run's turn, once it ended. */
  tokens: z.number().int().min(0).nullable().default(null),
  /** A run asked for by hand (`kern jobs run`), outside the schedule. */
  manual: z.boolean().optional(),
});

const jobSchema = z.object({
  name: z.string().regex(JOB_NAME),
  prompt: z.string().min(1),
  schedule: scheduleSchema,
  /** Where the reply goes; null = nowhere but the session (web and TUI see every turn). */
  to: z
    .object({ channel: z.string(), chat: z.string().optional(), user: z.string().optional() })
    .nullable(),
  catchUp: z.enum(["once", "skip"]),
  paused: z.boolean(),
  createdAt: z.string(),
  /** Who made it: "cli", "tool", "chat", "web". */
  createdBy: z.string(),
  /** The next due time (ISO UTC); null once a one-shot job ran. */
  nextRunAt: z.string().nullable(),
  lastRun: runSchema.nullable(),
  /** Runs started (or skipped) so far. */
  runs: z.number().int().min(0),
  /** What a run does instead of a prompt turn (a backup); absent for a prompt job. */
  action: scheduledActionSchema.optional(),
});

const documentSchema = z.object({ v: z.literal(1), jobs: z.array(jobSchema) });

export type JobSchedule = z.infer<typeof scheduleSchema>;
export type JobOutcome = (typeof JOB_OUTCOMES)[number];
export type JobRecord = z.infer<typeof jobSchema>;
export type JobsDocument = z.infer<typeof documentSchema>;

/** Reads `.kern/jobs.json` (absent = no jobs). A damaged file throws KERN_STORE_CORRUPT. */
export function readJobsFile(path: string): JobsDocument {
  if (!existsSync(path)) return { v: 1, jobs: [] };
  return parseJsonAs(readFileSync(path, "utf8"), documentSchema, {
    source: path,
    code: "KERN_STORE_CORRUPT",
    fix: "fix or remove the file (kern keeps a copy of the last good one as jobs.json.bak)",
    errorClass: StoreError,
  });
}

/** Writes the document atomically and durably (atomic-file.ts), the last good one kept as .bak. */
export function writeJobsFile(path: string, document: JobsDocument): void {
  const text = `${JSON.stringify(documentSchema.parse(document), null, 2)}\n`;
  if (existsSync(path)) guardWrite(path, () => copyBackup(path));
  writeFileAtomic(path, text);
}

function copyBackup(path: string): void {
  // The last good file, for a person to restore from if they break jobs.json by hand.
  const backup = `${path}.bak`;
  const file = openSync(backup, "w", 0o600);
  try {
    writeSync(file, readFileSync(path));
  } finally {
    closeSync(file);
  }
}
