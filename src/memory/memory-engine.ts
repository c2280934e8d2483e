// The runtime's one handle on memory: the background worker (embed, segment, roll up, summarize),
// the composer, recall, expand, describe, segment views, notes and doctor. Built once per agent
// by the daemon (or briefly by a CLI command without a daemon).
import type {
  Clock,
  MemoryState,
  NotesView,
  RecallReport,
  RecallStats,
  SegmentDetail,
  SegmentsReport,
} from "../kernel/index.js";
import type { Logger } from "../log/index.js";
import { type AgentStore, indexDamageIn } from "../store/index.js";
import { type ComposedContext, type ComposeOptions, Composer } from "./compose/composer.js";
import { type DoctorReport, damagedIndexReport, doctor } from "./doctor/doctor.js";
import { type Embedder, vectorStorageFor } from "./embeddings/embedder.js";
import { MemoryWorker, type ProgressListener } from "./memory-worker.js";
import type { MemoryConfig, PipelineContext, SummaryModel } from "./pipeline-context.js";
import {
  describeMemory,
  type MemoryDescription,
  renderMemoryDescription,
} from "./recall/describe-memory.js";
import {
  type ExpandOptions,
  type ExpandResult,
  expand,
  renderExpandResult,
} from "./recall/expand.js";
import { warmMeaningIndex } from "./recall/meaning-index.js";
import {
  type RecallLegs,
  type RecallOptions,
  recall,
  recallLegs,
  recallStats,
} from "./recall/recall.js";
import { modelRecallAssist } from "./recall/recall-assist-model.js";
import { segmentsReport, toSegmentRow } from "./segments-report.js";
import { CircuitBreaker } from "./summaries/circuit-breaker.js";
import { notesView, regenerateNotesSummary } from "./summaries/notes-summary.js";
import { composeTurnPrompt, type TurnPromptOptions } from "./turn-prompt.js";
import {
  readWorkingMemory,
  type WorkingMemoryView,
} from "./working-memory/working-memory-store.js";

export interface MemoryEngineOptions {
  store: AgentStore;
  config: MemoryConfig;
  embedder: Embedder;
  /** null = no model: extractive summaries only. */
  summaryModel: SummaryModel | null;
  logger: Logger;
  clock: Clock;
  /** The package's templates/ folder (default KERN.md). */
  templatesDir: string;
  /** Circuit breaker settings for the summary model (tests shorten `openMs`). */
  breaker?: { threshold?: number; openMs?: number };
}

type UpdateListener = (state: MemoryState) => void;

export class MemoryEngine {
  private readonly worker: MemoryWorker;
  private readonly composer: Composer;
  private readonly breaker: CircuitBreaker;
  private readonly listeners = new Set<UpdateListener>();
  private readonly abort = new AbortController();
  private retryTimer: NodeJS.Timeout | null = null;

  private constructor(private readonly options: MemoryEngineOptions) {
    this.breaker = new CircuitBreaker({ clock: options.clock, ...options.breaker });
    this.composer = new Composer({
      store: options.store,
      config: options.config,
      templatesDir: options.templatesDir,
    });
    const context: PipelineContext = {
      store: options.store,
      config: options.config,
      embedder: options.embedder,
      summaryModel: options.summaryModel,
      breaker: this.breaker,
      logger: options.logger,
      clock: options.clock,
      signal: this.abort.signal,
      onWrite: () => this.composer.invalidateSegments(),
    };
    this.worker = new MemoryWorker(context, () => this.changed());
  }

  /** Builds the engine. Cheap: no job runs until `schedule` or `runUntilIdle`. */
  static create(options: MemoryEngineOptions): MemoryEngine {
    const { embedder, store } = options;
    if (embedder.dimensions > 0) {
      store.vectors.ensure({
        ...vectorStorageFor(embedder),
        onMove: (done, total) => {
          if (done === total || done % 100_000 === 0)
            options.logger.info({ done, total }, "moving the vectors to their packed table");
        },
      });
    }
    return new MemoryEngine(options);
  }

  /** Queues a background run after a turn or an import. Never blocks; coalesces. */
  schedule(): void {
    this.worker.schedule();
  }

  /** Runs the whole pipeline to completion (import, demo, tests). Never rejects. */
  runUntilIdle(onProgress?: ProgressListener): Promise<void> {
    return this.worker.runUntilIdle(onProgress);
  }

  /** Runs `action` with the background pipeline paused (see MemoryWorker.whilePaused). */
  whilePaused<T>(action: () => T | Promise<T>): Promise<T> {
    return this.worker.whilePaused(action);
  }

  /** Finishes the current job (its model calls are cancelled), starts no new one. */
  async stop(): Promise<void> {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    this.abort.abort();
    await this.worker.stop();
  }

  state(): MemoryState {
    const { store } = this.options;
    const session = store.sessionLog.sessionId;
    return {
      status: this.worker.status,
      pendingJobs: this.worker.pendingJobs,
      segments: store.segments.countsByLevel({ withoutSubagents: true }),
      staleSegments: store.segments.staleCount(),
      unsegmentedMessages: Math.max(
        0,
        store.messages.nextSeq(session) - store.segments.levelEnd(session, 0),
      ),
      lastRunAt: this.worker.lastRunAt,
      lastError: this.worker.lastError,
    };
  }

  /** Hears every state change (memory-update events); returns the unsubscribe function. */
  onUpdate(listener: UpdateListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private changed(): void {
    const state = this.state();
    for (const listener of this.listeners) {
      try {
        listener(state);
      } catch (error) {
        this.options.logger.warn({ error: String(error) }, "memory-update listener threw");
      }
    }
    if (state.status === "idle") this.armRetry(state);
  }

  /** While the breaker is open, stand-ins wait; run again when it half-opens. */
  private armRetry(state: MemoryState): void {
    const retryAt = this.breaker.retryAt;
    if (
      this.retryTimer ||
      retryAt === null ||
      state.staleSegments === 0 ||
      this.abort.signal.aborted
    )
      return;
    const delay = Math.max(0, retryAt - this.options.clock.now()) + 10;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      this.schedule();
    }, delay);
    this.retryTimer.unref();
  }

  /** Composes the prompt (SPEC §5); waits up to `summaryWaitMs` for a running job first. */
  async compose(options: ComposeOptions): Promise<ComposedContext> {
    const wait = this.options.config.summaryWaitMs;
    if (wait > 0 && this.worker.status === "running") {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, wait);
      });
      await Promise.race([this.worker.idle(), timeout]);
      clearTimeout(timer);
    }
    return this.composer.compose(options);
  }

  /**
   * The prompt of one turn step, in one call (issue 25): the composed context and, with autoRecall
   * on and messages trimmed, the turn's <recall> block on its user message (searched once a turn,
   * kept in `options.recall` for its later steps). Reads only; never throws on an empty history.
   */
  turnPrompt(options: TurnPromptOptions): Promise<ComposedContext> {
    return composeTurnPrompt(this, options);
  }

  /**
   * Searches the history. With `assist` (an explicit search: the recall tool, kern recall, the web
   * UI, /recall), a model and config recallAssist on, the model helps (recall-assist.ts), its
   * usage recorded under `assist.purpose`; autoRecall's search before a turn never asks it.
   */
  recall(options: RecallOptions & { assist?: { purpose: string } }): Promise<RecallReport> {
    const { assist: asked, ...search } = options;
    const { store, embedder, summaryModel, clock } = this.options;
    const assist =
      asked && summaryModel
        ? modelRecallAssist({
            model: summaryModel,
            settings: this.options.config.recallAssist,
            store,
            clock,
            breaker: this.breaker,
            purpose: asked.purpose,
            signal: this.abort.signal,
          })
        : null;
    return recall({ store, embedder, ...(assist ? { assist } : {}) }, search);
  }

  /** Recall's rankings leg by leg (message ids), for benchmarks. */
  recallLegs(options: RecallOptions): Promise<RecallLegs> {
    return recallLegs({ store: this.options.store, embedder: this.options.embedder }, options);
  }

  /**
   * Reads up to `budget` more messages into recall's meaning index ahead of the first search, then
   * works out its rows' crowding a few a call (a daemon does this in the background); true once it
   * is ready, or at once when recall does not search by meaning (an embedder other than `local`).
   */
  warmMeaningStep(budget: number): boolean {
    const { store, embedder } = this.options;
    return warmMeaningIndex(store, embedder.fingerprint, budget);
  }

  async recallStats(): Promise<RecallStats> {
    return recallStats(this.options.store);
  }

  /** Raw messages or a segment's children (structured). Throws KERN_NOT_FOUND for an unknown id. */
  expandResult(options: ExpandOptions): ExpandResult {
    return expand(this.options.store, options);
  }

  /** `expandResult` as text, for the `expand` tool. */
  async expand(options: ExpandOptions): Promise<string> {
    return renderExpandResult(expand(this.options.store, options));
  }

  /** Counts per level, coverage, staleness, vectors, last run and what is in context. */
  description(): MemoryDescription {
    const { store } = this.options;
    return describeMemory(store, {
      state: this.state(),
      lastContext: this.composer.lastReport(store.sessionLog.sessionId),
    });
  }

  /** `description()` as text, for the `describe` tool. */
  async describe(): Promise<string> {
    return renderMemoryDescription(this.description());
  }

  async segmentsReport(session?: string): Promise<SegmentsReport> {
    return segmentsReport(this.options.store, session);
  }

  async segmentDetail(id: string): Promise<SegmentDetail | null> {
    const segment = this.options.store.segments.get(id);
    if (!segment) return null;
    const compression =
      segment.summary !== null && segment.summaryTokens > 0
        ? Math.round((segment.tokenCount / segment.summaryTokens) * 10) / 10
        : null;
    return {
      ...toSegmentRow(segment),
      session: segment.session,
      summary: segment.summary,
      childIds: this.options.store.segments.children(id).map((child) => child.id),
      compression,
    };
  }

  /** The working memory of `session` (default: the active one); null before its first update. */
  async workingMemory(session?: string): Promise<WorkingMemoryView | null> {
    const { store } = this.options;
    return readWorkingMemory(store, session ?? store.sessionLog.sessionId);
  }

  async notes(): Promise<NotesView> {
    return notesView({ store: this.options.store, agentDir: this.options.config.agentDir });
  }

  /** Rewrites the notes summary now (model when configured, else extractive). */
  async regenerateNotesSummary(): Promise<NotesView> {
    const view = await regenerateNotesSummary({
      ...this.options,
      agentDir: this.options.config.agentDir,
      signal: this.abort.signal,
    });
    this.composer.invalidateSegments();
    return view;
  }

  /** `kern doctor`: checks, a score and, with `fix`, safe repairs (see DoctorReport). */
  async doctor(options: { fix: boolean }): Promise<DoctorReport> {
    const agentDir = this.options.config.agentDir;
    // A damaged index is a finding with its fix, never a crash (GET /doctor answered 500).
    return doctor({
      store: this.options.store,
      clock: this.options.clock,
      fix: options.fix,
      runPipeline: async () => {
        await this.worker.runUntilIdle(undefined, false);
        this.composer.invalidateSegments();
      },
    }).catch((error: unknown) => {
      const damage = indexDamageIn(error, agentDir);
      if (!damage) throw error;
      return damagedIndexReport(damage.message, agentDir);
    });
  }
}
