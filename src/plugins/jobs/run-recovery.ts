// What became of the runs a stop or a crash left `started` (ADR 0013). At daemon start each one is
// settled from what the runtime and the session log know, so none stays `started` for ever, none
// runs twice and none is lost:
//   - its turn is still queued (the runtime replays it): left as it is; the turn's end records it;
//   - its turn is in the session log (it ran, whole or cut short): its outcome is read there, and
//     it is never run again (a run cut short may have acted already);
//   - its turn is nowhere (the crash came between recording the run and queuing its turn): nothing
//     of it ran, so it is due again and follows the job's catch-up policy like a run missed while
//     the daemon was down (run once now, or recorded skipped) — a manual run is not repeated.
// Pure: the caller gathers the evidence and writes the document.
import type { JobOutcome, JobRecord, JobsDocument } from "../../store/index.js";

/** A job turn the runtime holds (replayed after the crash, or queued since): it will end later. */
export interface PendingJobTurn {
  turnId: string;
  /** The job's name (the envelope's `name`). */
  name: string | null;
  /** When it was queued (the envelope's `ts`). */
  ts: string;
}

/** A job turn the session log holds, and how far it got. */
export interface LoggedJobTurn extends PendingJobTurn {
  /** `ok`/`silent` when its last message is a final answer; else `interrupted` (cut short). */
  outcome: Extract<JobOutcome, "ok" | "silent" | "interrupted">;
  /** Input + output tokens of its logged steps (null when none reported usage). */
  tokens: number | null;
}

export interface RunEvidence {
  pending: readonly PendingJobTurn[];
  logged: readonly LoggedJobTurn[];
}

/** Settles every `started` run (see the file comment); other runs are left untouched. */
export function settleStartedRuns(
  document: JobsDocument,
  evidence: RunEvidence,
  nowMs: number,
): JobsDocument {
  let changed = false;
  const jobs = document.jobs.map((job) => {
    if (job.lastRun?.outcome !== "started") return job;
    const settled = settleRun(job, evidence, new Date(nowMs).toISOString());
    if (settled !== job) changed = true;
    return settled;
  });
  return changed ? { ...document, jobs } : document;
}

function settleRun(job: JobRecord, evidence: RunEvidence, nowIso: string): JobRecord {
  const run = job.lastRun;
  if (!run) return job;
  const turnId = run.turnId ?? adoptTurn(job.name, run.startedAt, evidence);
  if (turnId !== null && evidence.pending.some((turn) => turn.turnId === turnId)) {
    return turnId === run.turnId ? job : { ...job, lastRun: { ...run, turnId } };
  }
  const logged =
    turnId === null ? undefined : evidence.logged.find((turn) => turn.turnId === turnId);
  if (logged) {
    const { outcome, tokens } = logged;
    return { ...job, lastRun: { ...run, turnId, outcome, tokens, endedAt: nowIso } };
  }
  // Never queued: nothing of it ran. A scheduled run is due again at the time it served.
  const lastRun = { ...run, outcome: "interrupted" as const, endedAt: nowIso };
  if (run.manual === true) return { ...job, lastRun };
  return { ...job, lastRun, nextRunAt: earlier(job.nextRunAt, run.scheduledFor) };
}

/**
 * The turn of a run whose turn id never reached the file (a crash between the queue write and the
 * jobs write): the job's turn queued or logged at or after the run started.
 */
function adoptTurn(name: string, startedAt: string, evidence: RunEvidence): string | null {
  const since = Date.parse(startedAt);
  const candidates = [...evidence.pending, ...evidence.logged]
    .filter((turn) => turn.name === name && Date.parse(turn.ts) >= since)
    .sort((a, b) => Date.parse(a.ts) - Date.parse(b.ts));
  return candidates[0]?.turnId ?? null;
}

function earlier(next: string | null, scheduledFor: string): string {
  if (next === null) return scheduledFor;
  return Date.parse(scheduledFor) < Date.parse(next) ? scheduledFor : next;
}
