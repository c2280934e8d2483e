// The memory worker (SPEC §4): one serial queue running the pipeline — heal, embed, segment,
// roll up, summarize, notes — in the background. schedule() never blocks and coalesces; every job
// catches its own failure, logs it and the pipeline carries on (SG-16): it never throws.
import { describeError, isoNow } from "../kernel/index.js";
import { runEmbeddingJob } from "./embeddings/embedding-job.js";
import { healIndexFromLog, markExtractiveStale } from "./memory-writes.js";
import type { PipelineContext } from "./pipeline-context.js";
import { runSegmentationJob } from "./segmentation/segmentation-job.js";
import { isNotesSummaryCurrent, regenerateNotesSummary } from "./summaries/notes-summary.js";
import { runRollupJob } from "./summaries/rollup-job.js";
import { SummaryJob } from "./summaries/summary-job.js";
import { runWorkingMemoryJob } from "./working-memory/working-memory-job.js";

export type PipelinePhase = "embed" | "segment" | "summarize" | "rollup";

export interface PipelineProgress {
  phase: PipelinePhase;
  done: number;
  total: number;
}

export type ProgressListener = (progress: PipelineProgress) => void;

interface RunRequest {
  final: boolean;
  onProgress: ProgressListener | undefined;
}

export class MemoryWorker {
  private current: Promise<void> | null = null;
  private queued: RunRequest | null = null;
  private stopped = false;
  private held = false;
  private healed = false;
  private rolledUp = false;
  private embeddingsDegraded = false;
  /** The segmentation planner's vectors between runs (SegmentationJobOptions.vectorCache). */
  private readonly plannerVectors = new Map<number, Float32Array>();
  private readonly summaryJob: SummaryJob;
  status: "idle" | "running" = "idle";
  lastRunAt: string | null = null;
  lastError: string | null = null;

  constructor(
    private readonly context: PipelineContext,
    private readonly onChange: () => void,
  ) {
    this.summaryJob = new SummaryJob(context);
  }

  /** Runs queued behind the current one (0 or 1: requests coalesce). */
  get pendingJobs(): number {
    return this.queued ? 1 : 0;
  }

  /** Queues an incremental run; never blocks; a run already queued absorbs this one. */
  schedule(): void {
    if (this.stopped) return;
    this.queued ??= { final: false, onProgress: undefined };
    this.pump();
  }

  /**
   * Runs the whole pipeline to completion after whatever is running, and resolves when the queue
   * is empty. `final` (default) segments the tail too, as at the end of an import. Never rejects.
   */
  async runUntilIdle(onProgress?: ProgressListener, final = true): Promise<void> {
    if (this.stopped) return;
    await this.idle();
    this.queued = { final, onProgress };
    this.pump();
    await this.idle();
  }

  /** Resolves when nothing runs and nothing is queued. */
  async idle(): Promise<void> {
    while (this.current !== null) await this.current;
  }

  /**
   * Runs `action` with the pipeline paused: after the current run, with no run starting until it
   * settles (an import appends while nothing reads the half-written tail). Runs queued meanwhile
   * start afterwards.
   */
  async whilePaused<T>(action: () => T | Promise<T>): Promise<T> {
    while (this.current !== null) await this.current;
    this.held = true; // in the same tick as the check: no run can start in between
    try {
      return await action();
    } finally {
      this.held = false;
      this.pump();
    }
  }

  /** Lets the current job finish (aborting its model calls), runs nothing new. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.queued = null;
    await this.idle();
  }

  private pump(): void {
    if (this.current || !this.queued || this.stopped || this.held) return;
    const request = this.queued;
    this.queued = null;
    this.current = this.run(request).finally(() => {
      this.current = null;
      this.pump();
    });
  }

  private async run(request: RunRequest): Promise<void> {
    this.status = "running";
    this.onChange();
    const started = Date.now();
    this.lastError = null;
    if (!this.healed) await this.step("heal", () => this.heal());
    // First, so the next turn sees the last one; it waits on at most one keeper call.
    await this.step("working-memory", async () => {
      await runWorkingMemoryJob(this.context);
    });
    await this.step("embed", () => this.embed(request));
    let closed = 0;
    await this.step("segment", () => {
      closed = runSegmentationJob(this.context, {
        final: request.final,
        embeddingsDegraded: this.embeddingsDegraded,
        vectorCache: this.plannerVectors,
        onProgress: (done, total) => request.onProgress?.({ phase: "segment", done, total }),
      });
    });
    // Incremental: a rollup can only become possible when a segment closed or a summary landed
    // (handled below); the first run after open checks everything once.
    if (closed > 0 || !this.rolledUp) {
      await this.step("rollup", () => {
        // Reported first too, so a long rollup is not counted as the phase before it.
        request.onProgress?.({ phase: "rollup", done: 0, total: 0 });
        const created = runRollupJob(this.context);
        this.rolledUp = true;
        request.onProgress?.({ phase: "rollup", done: created, total: created });
      });
    }
    await this.step("summarize", async () => {
      const report = await this.summaryJob.run((done, total) =>
        request.onProgress?.({ phase: "summarize", done, total }),
      );
      if (report.failed > 0)
        this.lastError = `${report.failed} summaries failed; extractive stand-ins kept`;
      // A rollup may have become possible only now that summaries landed.
      if (report.written > 0 && runRollupJob(this.context) > 0) await this.summaryJob.run();
    });
    await this.step("notes", () => this.notes());
    this.lastRunAt = isoNow(this.context.clock);
    this.status = "idle";
    this.context.logger.info({ ms: Date.now() - started, final: request.final }, "memory run end");
    this.onChange();
  }

  private heal(): void {
    const applied = healIndexFromLog(this.context.store);
    if (applied > 0) this.context.logger.warn({ applied }, "index healed from the memory log");
    if (this.context.summaryModel) {
      const marked = markExtractiveStale(this.context.store);
      if (marked > 0)
        this.context.logger.info({ marked }, "extractive summaries queued for the model");
      this.context.onWrite();
    }
    this.healed = true;
  }

  private async embed(request: RunRequest): Promise<void> {
    try {
      await runEmbeddingJob({
        store: this.context.store,
        embedder: this.context.embedder,
        logger: this.context.logger,
        signal: this.context.signal,
        onProgress: (done, total) => request.onProgress?.({ phase: "embed", done, total }),
      });
      this.embeddingsDegraded = false;
    } catch (error) {
      this.embeddingsDegraded = true; // segment on zero vectors rather than stall (LESSONS #1)
      throw error;
    }
  }

  private async notes(): Promise<void> {
    const deps = { ...this.context, agentDir: this.context.config.agentDir };
    if (!isNotesSummaryCurrent(deps)) await regenerateNotesSummary(deps);
  }

  /** Runs one job; a failure is logged and recorded, and the pipeline moves on. */
  private async step(name: string, job: () => void | Promise<void>): Promise<void> {
    // Let waiting requests in between jobs: on 190 KB messages each job is tens of ms of
    // synchronous work, and run back to back they held GET /status (issue 33 item 8).
    await new Promise<void>((resolve) => setImmediate(resolve));
    if (this.context.signal.aborted) return;
    try {
      await job();
    } catch (error) {
      this.lastError = `${name}: ${describeError(error)}`;
      this.context.logger.error({ job: name, error: describeError(error) }, "memory job failed");
    }
    this.onChange();
  }
}
