// The run history of an agent's jobs, `.kern/jobs-runs.jsonl` (docs/jobs.md "Reminder
// lifecycle"): one line per settled run, appended before the jobs file drops or moves on from it.
// A finished one-shot job leaves `.kern/jobs.json` (its name is free again and it no longer counts
// against `jobs.max`), and its runs stay here for `kern jobs list --all` and the web page.
// Append-only; a crash between this append and the jobs-file write may repeat a line, so reading
// keeps one line per (job, run start, outcome).
import { appendFileSync, existsSync, readFileSync } from "node:fs";

/** One settled run of a job, as `kern jobs list --all` shows it. */
export interface JobRunEntry {
  job: string;
  /** The schedule as listed (`at 2026-12-02 09:00`, `every 1h`). */
  schedule: string;
  createdBy: string;
  /** The job's catch-up policy (once, skip). */
  catchUp?: string;
  scheduledFor: string;
  startedAt: string;
  /** ok, silent, error, cancelled, interrupted, skipped-budget, skipped-catch-up, skipped-busy. */
  outcome: string;
  turnId: string | null;
  endedAt: string | null;
  tokens: number | null;
}

/** The most lines `--all` reads back: a year of one reminder a day, with room to spare. */
const READ_LIMIT = 2_000;

export class JobHistory {
  constructor(private readonly file: string) {}

  /** Appends settled runs; throws the write's error (a full disk) for the caller to handle. */
  append(entries: readonly JobRunEntry[]): void {
    if (entries.length === 0) return;
    const text = entries.map((entry) => `${JSON.stringify(entry)}\n`).join("");
    appendFileSync(this.file, text, { mode: 0o600 });
  }

  /** The newest `limit` runs, oldest first; damaged lines (a torn last line) are skipped. */
  read(limit = READ_LIMIT): JobRunEntry[] {
    if (!existsSync(this.file)) return [];
    const seen = new Map<string, JobRunEntry>();
    for (const line of readFileSync(this.file, "utf8").split("\n")) {
      const entry = parseLine(line);
      if (entry) seen.set(`${entry.job}\u0000${entry.startedAt}\u0000${entry.outcome}`, entry);
    }
    return [...seen.values()].slice(-limit);
  }
}

function parseLine(line: string): JobRunEntry | null {
  if (line.trim() === "") return null;
  try {
    const value = JSON.parse(line) as Partial<JobRunEntry>;
    return typeof value.job === "string" && typeof value.startedAt === "string"
      ? (value as JobRunEntry)
      : null;
  } catch {
    return null; // a line torn by a crash mid-append
  }
}
