// What happens to the jobs document (ADR 0013): add, remove, pause, resume, a run recorded
// before it starts, its end, and the catch-up of runs due while the daemon was down. Pure: each
// function returns a new document; the caller writes it (store/jobs-file.ts) before acting.
import { type ScheduledAction, UsageError } from "../../kernel/index.js";
import {
  JOB_NAME,
  type JobOutcome,
  type JobRecord,
  type JobSchedule,
  type JobsDocument,
} from "../../store/index.js";
import { nextRunAfter } from "./job-schedule.js";
import { jobsError } from "./jobs-errors.js";
import { type RunEvidence, settleStartedRuns } from "./run-recovery.js";

const JOB_NAME_RULE =
  "use 1–63 lowercase letters, digits, '-' or '_', starting with a letter or digit (e.g. backups-check)";

export interface NewJob {
  name: string;
  prompt: string;
  schedule: JobSchedule;
  to: JobRecord["to"];
  catchUp: "once" | "skip";
  createdBy: string;
  action?: ScheduledAction;
}

/** The job named `name`, or KERN_JOB_NOT_FOUND. */
export function findJob(document: JobsDocument, name: string): JobRecord {
  const job = document.jobs.find((candidate) => candidate.name === name);
  if (!job) {
    throw jobsError(
      "KERN_JOB_NOT_FOUND",
      `no job named "${name}"; list them with 'kern jobs list'`,
    );
  }
  return job;
}

/** Adds a job; its first due time is computed now. Throws KERN_USAGE, KERN_JOB_EXISTS, KERN_JOBS_FULL. */
export function addJob(
  document: JobsDocument,
  job: NewJob,
  limits: { nowMs: number; max: number },
): JobsDocument {
  if (!JOB_NAME.test(job.name)) {
    throw new UsageError(`job name "${job.name}": ${JOB_NAME_RULE}`);
  }
  if (job.prompt.trim() === "") throw new UsageError("a job needs a prompt (what to do)");
  if (document.jobs.some((existing) => existing.name === job.name)) {
    throw jobsError(
      "KERN_JOB_EXISTS",
      `a job named "${job.name}" exists; remove it first (kern jobs rm ${job.name}) or pick another name`,
    );
  }
  if (document.jobs.length >= limits.max) {
    throw jobsError(
      "KERN_JOBS_FULL",
      `the agent has ${document.jobs.length} jobs (jobs.max is ${limits.max}); remove one or raise jobs.max in .kern/config.json`,
    );
  }
  const next = nextRunAfter(job.schedule, limits.nowMs);
  const record: JobRecord = {
    ...job,
    paused: false,
    createdAt: new Date(limits.nowMs).toISOString(),
    nextRunAt: next === null ? null : new Date(next).toISOString(),
    lastRun: null,
    runs: 0,
  };
  return { ...document, jobs: [...document.jobs, record] };
}

export function removeJob(document: JobsDocument, name: string): JobsDocument {
  findJob(document, name);
  return { ...document, jobs: document.jobs.filter((job) => job.name !== name) };
}

/** Pauses or resumes; a resumed repeating job is next due after now (missed runs are not made up). */
export function setPaused(
  document: JobsDocument,
  name: string,
  paused: boolean,
  nowMs: number,
): JobsDocument {
  return update(document, name, (job) => {
    if (paused || job.schedule.kind === "at") return { ...job, paused };
    return { ...job, paused, nextRunAt: isoOrNull(nextRunAfter(job.schedule, nowMs)) };
  });
}

/** Jobs due at `nowMs` (enabled, nextRunAt reached), the earliest first. */
export function dueJobs(document: JobsDocument, nowMs: number): JobRecord[] {
  return document.jobs
    .filter((job) => !job.paused && job.nextRunAt !== null && Date.parse(job.nextRunAt) <= nowMs)
    .sort((a, b) => Date.parse(a.nextRunAt ?? "") - Date.parse(b.nextRunAt ?? ""));
}

/** The soonest due time of an enabled job, or null. */
export function nextDueMs(document: JobsDocument): number | null {
  let soonest: number | null = null;
  for (const job of document.jobs) {
    if (job.paused || job.nextRunAt === null) continue;
    const due = Date.parse(job.nextRunAt);
    if (soonest === null || due < soonest) soonest = due;
  }
  return soonest;
}

export interface RunStart {
  name: string;
  nowMs: number;
  /** "started" for a run that goes ahead; a skipped-* outcome for one that does not. */
  outcome: Extract<JobOutcome, "started" | "skipped-budget" | "skipped-catch-up">;
  /** True for `run` now: the schedule does not move. */
  manual?: boolean;
}

/**
 * Records a run (or a skip) and moves the job to its next due time after now — written to the
 * file before the run's turn is queued, so a crash never runs it twice (ADR 0013).
 */
export function recordRunStart(document: JobsDocument, start: RunStart): JobsDocument {
  const startedAt = new Date(start.nowMs).toISOString();
  return update(document, start.name, (job) => ({
    ...job,
    nextRunAt: start.manual ? job.nextRunAt : isoOrNull(nextRunAfter(job.schedule, start.nowMs)),
    runs: job.runs + 1,
    lastRun: {
      scheduledFor: start.manual ? startedAt : (job.nextRunAt ?? startedAt),
      startedAt,
      outcome: start.outcome,
      turnId: null,
      endedAt: start.outcome === "started" ? null : startedAt,
      tokens: null,
      ...(start.manual ? { manual: true } : {}),
    },
  }));
}

/** Notes the turn a started run queued. */
export function recordRunTurn(document: JobsDocument, name: string, turnId: string): JobsDocument {
  return update(document, name, (job) =>
    job.lastRun ? { ...job, lastRun: { ...job.lastRun, turnId } } : job,
  );
}

/** The end of the run whose turn is `turnId` (no change when no job's last run is that turn). */
export function recordRunEnd(
  document: JobsDocument,
  end: { turnId: string; outcome: JobOutcome; tokens: number | null; nowMs: number },
): JobsDocument {
  const job = document.jobs.find((candidate) => candidate.lastRun?.turnId === end.turnId);
  if (!job?.lastRun) return document;
  const lastRun = {
    ...job.lastRun,
    outcome: end.outcome,
    tokens: end.tokens,
    endedAt: new Date(end.nowMs).toISOString(),
  };
  return update(document, job.name, (current) => ({ ...current, lastRun }));
}

/**
 * At daemon start: every run a stop or crash left `started` is settled (run-recovery.ts: still
 * queued, ran, or due again); then a job due while the daemon was down either stays due (runs once
 * now, however many runs it missed) or, with catch-up "skip", records a skip and moves on.
 */
export function catchUp(
  document: JobsDocument,
  nowMs: number,
  evidence: RunEvidence = { pending: [], logged: [] },
): JobsDocument {
  let result = settleStartedRuns(document, evidence, nowMs);
  for (const job of result.jobs) {
    const due = job.nextRunAt === null ? null : Date.parse(job.nextRunAt);
    if (job.paused || due === null || due > nowMs || job.catchUp === "once") continue;
    result = recordRunStart(result, { name: job.name, nowMs, outcome: "skipped-catch-up" });
  }
  return result;
}

function update(
  document: JobsDocument,
  name: string,
  change: (job: JobRecord) => JobRecord,
): JobsDocument {
  findJob(document, name);
  return {
    ...document,
    jobs: document.jobs.map((job) => (job.name === name ? change(job) : job)),
  };
}

function isoOrNull(milliseconds: number | null): string | null {
  return milliseconds === null ? null : new Date(milliseconds).toISOString();
}
