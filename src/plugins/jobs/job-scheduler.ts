// The daemon's job scheduler (SPEC §13; ADR 0013): holds the jobs document, writes every change
// to `.kern/jobs.json` before acting on it, and keeps one timer set to the next due job (never a
// poll). A tick records every run due now in one write, then queues each as a `job` turn through
// `dispatch`. Nothing a timer runs may throw (docs/reliability.md "A full disk when a job is
// due"): a write that fails leaves the runs due, says so once, and is retried.
import { type Clock, describeError, isKernError } from "../../kernel/index.js";
import type { Logger } from "../../log/index.js";
import type { UnattendedBudget } from "../../runtime/index.js";
import {
  type JobOutcome,
  type JobRecord,
  type JobsDocument,
  readJobsFile,
  writeJobsFile,
} from "../../store/index.js";
import type { KnownRoutes } from "./check-route.js";
import {
  addJob,
  catchUp,
  dueJobs,
  findJob,
  nextDueMs,
  recordRunEnd,
  recordRunStart,
  recordRunTurn,
  removeJob,
  setPaused,
} from "./job-book.js";
import { JobHistory, type JobRunEntry } from "./job-history.js";
import { type JobInput, toNewJob } from "./job-input.js";
import {
  isBusy,
  replanAfterClockStep,
  retireFinished,
  runEntry,
  settledRuns,
  skipBusyRun,
} from "./job-lifecycle.js";
import type { RunEvidence } from "./run-recovery.js";

/** setTimeout's longest delay (2^31 - 1 ms, ~24.8 days); a later job re-arms on the way. */
const MAX_TIMER_MS = 2_147_483_647;
/** Retry of a refused run (queue full) or a failed write: soon, then less often. */
const RETRY_MS = [1_000, 2_000, 5_000, 10_000];

export interface JobSchedulerOptions {
  file: string;
  /** The run history; default `jobs-runs.jsonl` beside `file`. */
  historyFile?: string;
  clock: Clock;
  logger: Logger;
  timezone: string;
  minIntervalMs: number;
  max: number;
  budget: UnattendedBudget;
  /** Queues the run's turn (runtime.enqueue); throws when the runtime refuses it. */
  dispatch(job: JobRecord): { turnId: string };
  /** A run skipped at the unattended cap; the job as it was (its route says who asked). */
  onBudgetSkip?(job: JobRecord): void;
  /** The jobs file could not be written (once per fault), or can be again (`null`). */
  onWriteFault?(message: string | null): void;
}

export class JobScheduler {
  private document: JobsDocument = { v: 1, jobs: [] };
  /** What the file holds: runs settled since are appended to the history on the next write. */
  private saved: JobsDocument = { v: 1, jobs: [] };
  /** `document` holds changes the file does not (a write failed): written at the next tick. */
  private dirty = false;
  private timer: NodeJS.Timeout | null = null;
  private stopped = true;
  private readonly history: JobHistory;
  /** The current write fault's message, or null while writes work. */
  private fault: string | null = null;
  /** Failed attempts in a row (writes, or runs the queue refused): picks the retry delay. */
  private retries = 0;
  private retryAtMs: number | null = null;

  constructor(private readonly options: JobSchedulerOptions) {
    this.history = new JobHistory(
      options.historyFile ?? `${options.file.replace(/\.json$/, "")}-runs.jsonl`,
    );
  }

  /**
   * Reads the file, settles the runs the last stop or crash left `started` (from `evidence`: the
   * job turns the runtime still holds and those the session log has), applies catch-up (ADR
   * 0013), runs what is due, and arms the timer.
   */
  start(evidence: () => RunEvidence = () => ({ pending: [], logged: [] })): void {
    this.stopped = false;
    const now = this.options.clock.now();
    const read = readJobsFile(this.options.file);
    this.document = read;
    this.saved = read;
    const unsettled = read.jobs.some((job) => job.lastRun?.outcome === "started");
    const next = catchUp(read, now, unsettled ? evidence() : undefined);
    // A file from before finished one-shot jobs were retired at once: retired now, runs kept.
    const { timezone } = this.options;
    const old = retireFinished(read).retired.map((job) =>
      runEntry(job, job.lastRun?.outcome ?? "ok", timezone),
    );
    if (next !== read || old.length > 0) this.tryCommit(next, old);
    this.tick();
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  list(): readonly JobRecord[] {
    return this.document.jobs;
  }

  /** Settled runs, oldest first: finished one-shot jobs' included (`kern jobs list --all`). */
  runs(): JobRunEntry[] {
    return this.history.read();
  }

  /** The write fault now, or null. */
  writeFault(): string | null {
    return this.fault;
  }

  /** Adds a job; `routes` (what exists now) refuses a reply route nobody would receive. */
  add(input: JobInput, routes?: KnownRoutes): JobRecord {
    const { clock, timezone, minIntervalMs, max } = this.options;
    const nowMs = clock.now();
    const job = toNewJob(input, { nowMs, timezone, minIntervalMs, ...(routes ? { routes } : {}) });
    this.commit(addJob(this.document, job, { nowMs, max }));
    this.options.logger.info({ job: job.name, by: job.createdBy }, "job added");
    return findJob(this.document, job.name);
  }

  remove(name: string): void {
    this.commit(removeJob(this.document, name));
  }

  setPaused(name: string, paused: boolean): JobRecord {
    this.commit(setPaused(this.document, name, paused, this.options.clock.now()));
    return findJob(this.document, name);
  }

  /** Runs the job now, outside its schedule (which does not move); the budget still applies. */
  runNow(name: string): { turnId: string | null } {
    const job = findJob(this.document, name);
    if (!job.action && !this.options.budget.allows(`job ${name}`)) {
      const nowMs = this.options.clock.now();
      this.commit(
        recordRunStart(this.document, { name, nowMs, outcome: "skipped-budget", manual: true }),
      );
      this.options.onBudgetSkip?.(job);
      return { turnId: null };
    }
    const nowMs = this.options.clock.now();
    this.commit(recordRunStart(this.document, { name, nowMs, outcome: "started", manual: true }));
    const turnIds = this.dispatchAll([name], new Map([[name, job]]));
    if (!this.stopped) this.arm();
    return { turnId: turnIds.get(name) ?? null };
  }

  /** The end of a turn; when it was a job's run, its outcome and tokens are recorded. */
  onTurnEnd(end: { turnId: string; outcome: JobOutcome; tokens: number | null }): void {
    const next = recordRunEnd(this.document, { ...end, nowMs: this.options.clock.now() });
    if (next === this.document) return;
    // Never lost: kept in memory when the write fails, written with the next one that works.
    if (!this.tryCommit(next)) this.keepUnsaved(next);
    if (!this.stopped) this.arm();
  }

  /**
   * Runs every job that is due now, then sets the timer to the next one. All the tick's runs are
   * recorded in one write before any is queued; never throws (a timer calls it).
   */
  tick(): void {
    if (this.stopped) return;
    try {
      this.runDue();
    } catch (error) {
      this.options.logger.error({ error: describeError(error) }, "job tick failed");
      this.retryAtMs = this.options.clock.now() + this.retryDelay();
    }
    this.arm();
  }

  private runDue(): void {
    const nowMs = this.options.clock.now();
    this.retryAtMs = null;
    const replan = replanAfterClockStep(this.document, nowMs);
    if (replan.replanned.length > 0) {
      this.options.logger.warn(
        { jobs: replan.replanned },
        "the clock went back: repeating jobs re-planned from now",
      );
    }
    let next = replan.document;
    const before = new Map(next.jobs.map((job) => [job.name, job]));
    const started: string[] = [];
    const busy: JobRunEntry[] = [];
    const budgetSkipped: JobRecord[] = [];
    for (const job of dueJobs(next, nowMs)) {
      if (isBusy(job)) {
        // The previous run is still queued or running: this one is skipped, not piled up.
        busy.push(runEntry(job, "skipped-busy", this.options.timezone, at(job, nowMs)));
        next = skipBusyRun(next, job.name, nowMs);
        this.options.logger.info(
          { job: job.name },
          "job run skipped: the previous run is still going",
        );
      } else if (!job.action && !this.options.budget.allows(`job ${job.name}`)) {
        budgetSkipped.push(job);
        next = recordRunStart(next, { name: job.name, nowMs, outcome: "skipped-budget" });
      } else {
        started.push(job.name);
        next = recordRunStart(next, { name: job.name, nowMs, outcome: "started" });
      }
    }
    if (next === this.document && !this.dirty) return;
    // Recorded and on disk before any turn is queued: a crash in between loses these runs rather
    // than making them twice (ADR 0013). A failed write leaves them due, for the retry.
    if (!this.tryCommit(next, busy)) return;
    for (const job of budgetSkipped) this.options.onBudgetSkip?.(job);
    this.dispatchAll(started, before);
  }

  /** Queues each started run; one the runtime refuses (queue full, stopping) stays due. */
  private dispatchAll(
    names: readonly string[],
    before: Map<string, JobRecord>,
  ): Map<string, string> {
    const turnIds = new Map<string, string>();
    let next = this.document;
    let refused = 0;
    for (const name of names) {
      try {
        const { turnId } = this.options.dispatch(findJob(next, name));
        next = recordRunTurn(next, name, turnId);
        turnIds.set(name, turnId);
        this.options.logger.info({ job: name, turnId }, "job run queued");
      } catch (error) {
        refused += 1;
        const code = isKernError(error) ? error.code : describeError(error);
        this.options.logger.warn(
          { job: name, code },
          "job run refused by the runtime; it stays due",
        );
        next = restore(next, name, before.get(name));
      }
    }
    if (next !== this.document && !this.tryCommit(next)) this.keepUnsaved(next);
    if (refused > 0) this.retryAtMs = this.options.clock.now() + this.retryDelay();
    else this.retries = 0;
    return turnIds;
  }

  /** A person's change: written, or refused with the write's error (nothing changes). */
  private commit(next: JobsDocument): void {
    this.write(next, []);
    if (!this.stopped) this.arm();
  }

  /** Writes `next` (with its settled runs to the history); false, logged once, when it fails. */
  private tryCommit(next: JobsDocument, extra: readonly JobRunEntry[] = []): boolean {
    try {
      this.write(next, extra);
      return true;
    } catch (error) {
      const message = describeError(error);
      if (this.fault === null) {
        this.options.logger.error(
          { error: message },
          "cannot write the jobs file; due runs wait until it can be written",
        );
        this.options.onWriteFault?.(`jobs: cannot write ${this.options.file}: ${message}`);
      }
      this.fault = message;
      this.retryAtMs = this.options.clock.now() + this.retryDelay();
      return false;
    }
  }

  private keepUnsaved(next: JobsDocument): void {
    this.document = next;
    this.dirty = true;
  }

  private write(next: JobsDocument, extra: readonly JobRunEntry[]): void {
    const settled = [...settledRuns(this.saved, next, this.options.timezone), ...extra];
    const { document } = retireFinished(next);
    // History first: a crash after it and before the jobs file repeats a line, never loses one.
    this.history.append(settled);
    writeJobsFile(this.options.file, document);
    this.document = document;
    this.saved = document;
    this.dirty = false;
    if (this.fault !== null) {
      this.options.logger.info("the jobs file can be written again");
      this.options.onWriteFault?.(null);
      this.fault = null;
    }
  }

  private retryDelay(): number {
    const delay = RETRY_MS[Math.min(this.retries, RETRY_MS.length - 1)] ?? 60_000;
    this.retries += 1;
    return delay;
  }

  private arm(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.stopped) return;
    // While a retry waits (a refused run, a failed write), what is due waits for it too.
    const target = this.retryAtMs ?? nextDueMs(this.document);
    if (target === null) return;
    const delay = Math.min(Math.max(0, target - this.options.clock.now()), MAX_TIMER_MS);
    this.timer = setTimeout(() => this.tick(), delay);
    this.timer.unref?.();
  }
}

function at(job: JobRecord, nowMs: number): { scheduledFor: string; startedAt: string } {
  const startedAt = new Date(nowMs).toISOString();
  return { scheduledFor: job.nextRunAt ?? startedAt, startedAt };
}

/** The job as it was before this tick recorded its run: due again. */
function restore(document: JobsDocument, name: string, job: JobRecord | undefined): JobsDocument {
  if (!job) return document;
  return {
    ...document,
    jobs: document.jobs.map((current) => (current.name === name ? job : current)),
  };
}
