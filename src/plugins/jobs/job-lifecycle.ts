// What happens to jobs over weeks of use (docs/jobs.md): a finished one-shot job leaves the live
// list (its runs go to the history), a run that finds the previous one still going is skipped,
// and a wall clock stepped backwards re-plans the repeating jobs instead of stalling them. Pure:
// each function returns a new document (or what to append); the scheduler writes.
import type { JobRecord, JobsDocument } from "../../store/index.js";
import type { JobRunEntry } from "./job-history.js";
import { describeSchedule, nextRunAfter } from "./job-schedule.js";

/** True for a one-shot job whose only run has settled: it has nothing left to do. */
function isFinished(job: JobRecord): boolean {
  return (
    job.schedule.kind === "at" &&
    job.nextRunAt === null &&
    job.lastRun !== null &&
    job.lastRun.outcome !== "started"
  );
}

/** The finished one-shot jobs, and the document without them. */
export function retireFinished(document: JobsDocument): {
  document: JobsDocument;
  retired: JobRecord[];
} {
  const retired = document.jobs.filter(isFinished);
  if (retired.length === 0) return { document, retired };
  return {
    document: { ...document, jobs: document.jobs.filter((job) => !isFinished(job)) },
    retired,
  };
}

/** Runs settled between `before` and `after` (a new outcome other than `started`). */
export function settledRuns(
  before: JobsDocument,
  after: JobsDocument,
  timezone: string,
): JobRunEntry[] {
  const entries: JobRunEntry[] = [];
  for (const job of after.jobs) {
    const run = job.lastRun;
    if (!run || run.outcome === "started") continue;
    const old = before.jobs.find((candidate) => candidate.name === job.name)?.lastRun;
    if (old && old.startedAt === run.startedAt && old.outcome === run.outcome) continue;
    entries.push(runEntry(job, run.outcome, timezone));
  }
  return entries;
}

/** A history line for `job`'s last run, or for a run skipped now (`skipped-busy`). */
export function runEntry(
  job: JobRecord,
  outcome: string,
  timezone: string,
  at?: { scheduledFor: string; startedAt: string },
): JobRunEntry {
  const run = job.lastRun;
  const base = {
    job: job.name,
    schedule: describeSchedule(job.schedule, timezone),
    createdBy: job.createdBy,
    catchUp: job.catchUp,
    outcome,
  };
  if (at) return { ...base, ...at, turnId: null, endedAt: at.startedAt, tokens: null };
  return {
    ...base,
    scheduledFor: run?.scheduledFor ?? job.createdAt,
    startedAt: run?.startedAt ?? job.createdAt,
    turnId: run?.turnId ?? null,
    endedAt: run?.endedAt ?? null,
    tokens: run?.tokens ?? null,
  };
}

/** True when the job's previous run has not ended (its turn is queued or running). */
export function isBusy(job: JobRecord): boolean {
  return job.lastRun?.outcome === "started";
}

/** A due run skipped because the previous one is still going: the schedule moves on. */
export function skipBusyRun(document: JobsDocument, name: string, nowMs: number): JobsDocument {
  return {
    ...document,
    jobs: document.jobs.map((job) =>
      job.name === name ? { ...job, nextRunAt: isoOrNull(nextRunAfter(job.schedule, nowMs)) } : job,
    ),
  };
}

/**
 * After the wall clock stepped backwards (NTP, a VM resumed, a hand-set date), a repeating job's
 * next run can lie more than one interval ahead: it would stall until the clock caught up. Such a
 * job is re-planned from now (an `every` job re-anchored at now). Holds across restarts, since it
 * reads only the document and the clock. One-shot jobs keep their wall-clock time.
 */
export function replanAfterClockStep(
  document: JobsDocument,
  nowMs: number,
): { document: JobsDocument; replanned: string[] } {
  const replanned: string[] = [];
  const jobs = document.jobs.map((job) => {
    const replannedJob = replanJob(job, nowMs);
    if (replannedJob !== job) replanned.push(job.name);
    return replannedJob;
  });
  return replanned.length === 0
    ? { document, replanned }
    : { document: { ...document, jobs }, replanned };
}

function replanJob(job: JobRecord, nowMs: number): JobRecord {
  if (job.paused || job.nextRunAt === null || job.schedule.kind === "at") return job;
  const storedMs = Date.parse(job.nextRunAt);
  if (job.schedule.kind === "every") {
    if (storedMs - nowMs <= job.schedule.everyMs) return job;
    const from = new Date(nowMs).toISOString();
    const nextRunAt = new Date(nowMs + job.schedule.everyMs).toISOString();
    return { ...job, schedule: { ...job.schedule, from }, nextRunAt };
  }
  const planned = nextRunAfter(job.schedule, nowMs);
  if (planned === null || storedMs <= planned) return job;
  return { ...job, nextRunAt: new Date(planned).toISOString() };
}

function isoOrNull(milliseconds: number | null): string | null {
  return milliseconds === null ? null : new Date(milliseconds).toISOString();
}
