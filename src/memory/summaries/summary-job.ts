// Job 4 of the memory pipeline: replaces stand-in summaries with model summaries, bottom-up (a
// rollup waits until all its children have model summaries), a few calls at a time, behind a
// circuit breaker. Without a model it only fills summaries that are missing, extractively.
import { runPool, type Segment } from "../../kernel/index.js";
import { writeSummary } from "../memory-writes.js";
import type { PipelineContext, SummaryModel } from "../pipeline-context.js";
import { countTokens } from "../text/count-tokens.js";
import {
  extractiveTargetTokens,
  summarizeExtractive,
  summarizeExtractiveRollup,
} from "./extractive-summarizer.js";
import { withoutSilentTurns } from "./silent-turns.js";
import { parseSummaryBody } from "./summary-block.js";
import { callSummaryModel, recordModelUsage } from "./summary-model.js";
import {
  buildRollupSummaryRequest,
  buildSegmentSummaryRequest,
  type SummaryRequest,
} from "./summary-prompt.js";

/**
 * A body too short to be a summary ("ok", "done" for a 13k-token segment) is a failure, not a
 * summary (LESSONS #7): the extractive one stays and the model is asked again later.
 */
export function acceptSummaryBody(output: string, inputTokens: number): string | null {
  const body = parseSummaryBody(output);
  if (body === null) return null;
  const minimum = inputTokens >= 200 ? MIN_SUMMARY_TOKENS : 1;
  return countTokens(body) >= minimum ? body : null;
}

/** Fewer tokens than this cannot summarize a real segment (a bullet with a fact is 8+). */
const MIN_SUMMARY_TOKENS = 4;

export interface SummaryJobReport {
  written: number;
  failed: number;
  /** Segments left for later because the circuit breaker is open. */
  deferred: number;
}

/** Segments looked at per session and run; more wait for the next run. */
const MAX_PER_RUN = 10_000;

/** A rollup's target: ~1/4 of its children's summaries, 200–1,500 tokens (LESSONS numbers). */
export function rollupTargetTokens(childSummaryTokens: number): number {
  return Math.min(1_500, Math.max(200, Math.round(childSummaryTokens / 4)));
}

function isFresh(segment: Segment): boolean {
  return segment.summary !== null && !segment.stale;
}

/** The extractive summary of a segment: from its messages (L0) or its children's summaries. */
function extractiveSummary(context: PipelineContext, segment: Segment): string {
  const { store } = context;
  if (segment.level === 0) {
    const messages = store.messages.range(segment.session, segment.seqStart, segment.seqEnd);
    return summarizeExtractive({
      messages: withoutSilentTurns(messages),
      targetTokens: extractiveTargetTokens(segment.tokenCount),
    });
  }
  const children = store.segments.children(segment.id);
  const tokens = children.reduce((sum, child) => sum + child.summaryTokens, 0);
  return summarizeExtractiveRollup(
    children.map((child) => child.summary ?? ""),
    rollupTargetTokens(tokens),
  );
}

function buildRequest(
  context: PipelineContext,
  model: SummaryModel,
  segment: Segment,
): SummaryRequest {
  const { store } = context;
  if (segment.level === 0) {
    return buildSegmentSummaryRequest({
      messages: withoutSilentTurns(
        store.messages.range(segment.session, segment.seqStart, segment.seqEnd),
      ),
      targetTokens: extractiveTargetTokens(segment.tokenCount),
      model: model.model,
    });
  }
  const children = store.segments.children(segment.id);
  return buildRollupSummaryRequest({
    childSummaries: children.map((child) => ({ ...child, body: child.summary ?? "" })),
    level: segment.level,
    targetTokens: rollupTargetTokens(children.reduce((sum, child) => sum + child.summaryTokens, 0)),
    model: model.model,
  });
}

/** Fills missing summaries extractively (no model configured, or a first stand-in). */
function fillMissing(context: PipelineContext, segments: readonly Segment[]): number {
  let written = 0;
  for (const segment of segments) {
    if (segment.summary !== null || context.signal.aborted) continue;
    const text = extractiveSummary(context, segment);
    writeSummary(context.store, context.clock, {
      segmentId: segment.id,
      text,
      method: "extractive",
      stale: context.summaryModel !== null,
    });
    context.onWrite();
    written += 1;
  }
  return written;
}

/** Segments a model may summarize now: stale or missing, with every child already fresh. */
function readyForModel(context: PipelineContext, session: string): Segment[] {
  const needing = context.store.segments.needingSummary(session, MAX_PER_RUN);
  if (needing.length === 0) return [];
  // The children of these parents only (by the parent index): reading every segment to find
  // them took ~1 s a run at a million messages (issue 32).
  const ready = needing.filter((segment) => {
    if (segment.level === 0) return true;
    const list = context.store.segments.children(segment.id);
    return list.length > 0 && list.every(isFresh);
  });
  const lowest = ready.reduce(
    (level, segment) => Math.min(level, segment.level),
    Number.POSITIVE_INFINITY,
  );
  return ready.filter((segment) => segment.level === lowest);
}

/** A segment whose summary fails this often rests for an hour (other segments carry on). */
const MAX_ATTEMPTS = 3;
const REST_MS = 60 * 60_000;

export class SummaryJob {
  /** Ids summarized by the model in this process: a second call for one is a bug (LESSONS #4). */
  private readonly spent = new Set<string>();
  private readonly failures = new Map<string, { count: number; until: number }>();

  constructor(private readonly context: PipelineContext) {}

  /** One pass over every session, level by level. Never rejects: failures are counted and logged. */
  async run(onProgress?: (done: number, total: number) => void): Promise<SummaryJobReport> {
    const report: SummaryJobReport = { written: 0, failed: 0, deferred: 0 };
    const { context } = this;
    for (const session of context.store.messages.sessionIds()) {
      report.written += fillMissing(
        context,
        context.store.segments.needingSummary(session, MAX_PER_RUN),
      );
      const model = context.summaryModel;
      if (!model) continue;
      const total = context.store.segments.needingSummary(session, MAX_PER_RUN).length;
      for (;;) {
        const ready = readyForModel(context, session).filter((segment) => this.mayCall(segment.id));
        if (ready.length === 0 || context.signal.aborted) break;
        const before = report.written;
        await runPool(ready, context.config.summaryConcurrency, async (segment) => {
          await this.summarize(model, segment, report);
          onProgress?.(report.written + report.failed, total);
        });
        if (report.written === before) break; // nothing landed at this level: try again next run
      }
    }
    return report;
  }

  private mayCall(id: string): boolean {
    if (this.spent.has(id)) {
      this.context.logger.error(
        { segmentId: id },
        "segment summarized twice in one process; skipped",
      );
      return false;
    }
    const failure = this.failures.get(id);
    return !failure || failure.count < MAX_ATTEMPTS || this.context.clock.now() >= failure.until;
  }

  private noteFailure(id: string): void {
    const previous = this.failures.get(id);
    const count = previous && previous.count < MAX_ATTEMPTS ? previous.count + 1 : 1;
    this.failures.set(id, { count, until: this.context.clock.now() + REST_MS });
  }

  private async summarize(
    model: SummaryModel,
    segment: Segment,
    report: SummaryJobReport,
  ): Promise<void> {
    const { context } = this;
    if (context.signal.aborted || !context.breaker.tryAcquire()) {
      report.deferred += 1;
      return;
    }
    const log = context.logger.child({ segmentId: segment.id });
    try {
      const result = await callSummaryModel({
        model,
        request: buildRequest(context, model, segment),
        signal: AbortSignal.any([
          context.signal,
          AbortSignal.timeout(context.config.summaryTimeoutMs),
        ]),
        parse: (output) => acceptSummaryBody(output, segment.tokenCount),
      });
      context.breaker.recordSuccess();
      this.spent.add(segment.id);
      this.failures.delete(segment.id);
      recordModelUsage(context.store, context.clock, {
        model: model.model,
        purpose: "summary",
        usage: result.usage,
      });
      writeSummary(context.store, context.clock, {
        segmentId: segment.id,
        text: result.text,
        method: `llm:${model.model}`,
        stale: false,
      });
      context.onWrite();
      report.written += 1;
      log.info({ level: segment.level, tokens: result.usage?.outputTokens }, "summary written");
    } catch (error) {
      if (context.signal.aborted) return;
      context.breaker.recordFailure();
      this.noteFailure(segment.id);
      report.failed += 1;
      log.warn(
        { error: String(error), breaker: context.breaker.state },
        "summary failed; the stand-in stays",
      );
    }
  }
}
