// The daemon's job scheduler (SPEC §13; ADR 0013): holds the jobs document, writes every change
// to `.kern/jobs.json` before acting on it, and keeps one timer set to the next due job (never a
// poll). A due run is recorded, written, then queued as a `job` turn through `dispatch`.
import { type Clock, describeError } from "../../kernel/index.js";
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
  recordRunRefused,
  recordRunStart,
  recordRunTurn,
  removeJob,
  setPaused,
} from "./job-book.js";
import { type JobInput, toNewJob } from "./job-input.js";
import type { RunEvidence } from "./run-recovery.js";

/** setTimeout's longest delay (2^31 - 1 ms, ~24.8 days); a later job re-arms on the way. */
const MAX_TIMER_MS = 2_147_483_647;

export interface JobSchedulerOptions {
  file: string;
  clock: Clock;
  logger: Logger;
  timezone: string;
  minIntervalMs: number;
  max: number;
  budget: UnattendedBudget;
  /** Queues the run's turn (runtime.enqueue); throws when the runtime refuses it. */
  dispatch(job: JobRecord): { turnId: string };
}

export class JobScheduler {
  private document: JobsDocument = { v: 1, jobs: [] };
  private timer: NodeJS.Timeout | null = null;
  private stopped = true;

  constructor(private readonly options: JobSchedulerOptions) {}

  /**
   * Reads the file, settles the runs the last stop or crash left `started` (from `evidence`: the
   * job turns the runtime still holds and those the session log has), applies catch-up (ADR
   * 0013), runs what is due, and arms the timer.
   */
  start(evidence: () => RunEvidence = () => ({ pending: [], logged: [] })): void {
    this.stopped = false;
    const now = this.options.clock.now();
    const read = readJobsFile(this.options.file);
    const unsettled = read.jobs.some((job) => job.lastRun?.outcome === "started");
    this.document = catchUp(read, now, unsettled ? evidence() : undefined);
    if (this.document !== read) this.save();
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

  /** Adds a job; `routes` (what exists now) refuses a reply route nobody would receive. */
  add(input: JobInput, routes?: KnownRoutes): JobRecord {
    const { clock, timezone, minIntervalMs, max } = this.options;
    const nowMs = clock.now();
    const job = toNewJob(input, { nowMs, timezone, minIntervalMs, ...(routes ? { routes } : {}) });
    this.change(addJob(this.document, job, { nowMs, max }));
    this.options.logger.info({ job: job.name, by: job.createdBy }, "job added");
    return findJob(this.document, job.name);
  }

  remove(name: string): void {
    this.change(removeJob(this.document, name));
  }

  setPaused(name: string, paused: boolean): JobRecord {
    this.change(setPaused(this.document, name, paused, this.options.clock.now()));
    return findJob(this.document, name);
  }

  /** Runs the job now, outside its schedule (which does not move); the budget still applies. */
  runNow(name: string): { turnId: string | null } {
    findJob(this.document, name);
    return { turnId: this.run(name, true) };
  }

  /** The end of a turn; when it was a job's run, its outcome and tokens are recorded. */
  onTurnEnd(end: { turnId: string; outcome: JobOutcome; tokens: number | null }): void {
    const next = recordRunEnd(this.document, { ...end, nowMs: this.options.clock.now() });
    if (next !== this.document) this.change(next);
  }

  /** Runs every job that is due now, then sets the timer to the next one. */
  tick(): void {
    if (this.stopped) return;
    for (const job of dueJobs(this.document, this.options.clock.now())) this.run(job.name, false);
    this.arm();
  }

  private run(name: string, manual: boolean): string | null {
    const nowMs = this.options.clock.now();
    // An action (a backup) calls no model: the unattended budget does not hold it back.
    const costsTokens = !findJob(this.document, name).action;
    if (costsTokens && !this.options.budget.allows(`job ${name}`)) {
      this.change(
        recordRunStart(this.document, { name, nowMs, outcome: "skipped-budget", manual }),
      );
      return null;
    }
    // Recorded and on disk before the turn is queued: a crash in between loses this run rather
    // than making it twice (ADR 0013).
    this.change(recordRunStart(this.document, { name, nowMs, outcome: "started", manual }));
    try {
      const { turnId } = this.options.dispatch(findJob(this.document, name));
      this.change(recordRunTurn(this.document, name, turnId));
      this.options.logger.info({ job: name, turnId }, "job run queued");
      return turnId;
    } catch (error) {
      this.options.logger.warn({ job: name, error: describeError(error) }, "job run refused");
      this.change(recordRunRefused(this.document, name, nowMs));
      return null;
    }
  }

  private change(next: JobsDocument): void {
    this.document = next;
    this.save();
    if (!this.stopped) this.arm();
  }

  private save(): void {
    writeJobsFile(this.options.file, this.document);
  }

  private arm(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const due = nextDueMs(this.document);
    if (due === null || this.stopped) return;
    const delay = Math.min(Math.max(0, due - this.options.clock.now()), MAX_TIMER_MS);
    this.timer = setTimeout(() => this.tick(), delay);
  }
}
