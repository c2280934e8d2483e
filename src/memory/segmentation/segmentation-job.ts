// Job 2 of the memory pipeline: closes L0 segments per session, incrementally from where the
// tiling ends, and gives each an instant extractive summary so nothing waits on a model.
import type { MessageTokenRow } from "../../store/index.js";
import { segmentId } from "../../store/index.js";
import { closeSegment, writeExtractiveSummary } from "../memory-writes.js";
import type { PipelineContext } from "../pipeline-context.js";
import { extractiveTargetTokens, summarizeExtractive } from "../summaries/extractive-summarizer.js";
import { planSegments, type SegmentBoundary, type SegmentInput } from "./segmenter.js";

export interface SegmentationJobOptions {
  /** End of an import or a demo: close the tail too, even below the minimums. */
  final: boolean;
  /** Embeddings are failing: plan on zero vectors rather than wait for them. */
  embeddingsDegraded: boolean;
  /**
   * The vectors of the last plan's messages, kept by the worker between runs: consecutive plans
   * share their context window, and a stored vector never changes while the engine is open.
   */
  vectorCache?: Map<number, Float32Array>;
  /** Messages planned so far and in all, first before any work, then after each chunk. */
  onProgress?: (done: number, total: number) => void;
}

/** Planned messages whose vectors the cache keeps (a plan reads ~200 context rows + the tail). */
const VECTOR_CACHE_MAX = 2000;

/** Messages before the tiling's end given to the planner as context for its windows. */
const CONTEXT_MESSAGES = 200;

/** Closes every L0 segment the planner finds, in every session. Returns the count closed. */
export function runSegmentationJob(
  context: PipelineContext,
  options: SegmentationJobOptions,
): number {
  let closed = 0;
  const { store } = context;
  const active = store.sessionLog.sessionId;
  const sessions = store.messages.sessionIds().map((session) => ({
    session,
    from: store.segments.levelEnd(session, 0),
    end: store.messages.nextSeq(session),
  }));
  const total = sessions.reduce((sum, { from, end }) => sum + Math.max(0, end - from), 0);
  let before = 0;
  options.onProgress?.(0, total);
  for (const { session, from, end } of sessions) {
    if (context.signal.aborted) break;
    // A session that is no longer active never grows again: its tail is closed too.
    const final = options.final || session !== active;
    const onChunk = (reached: number) =>
      options.onProgress?.(before + Math.min(end, reached) - from, total);
    closed += segmentSession(context, session, { ...options, final }, { from, end, onChunk });
    before += Math.max(0, end - from);
  }
  return closed;
}

function shouldSegment(
  context: PipelineContext,
  rows: readonly MessageTokenRow[],
  start: number,
  final: boolean,
): boolean {
  const pending = rows.filter((row) => row.seq >= start);
  if (pending.length === 0) return false;
  if (final) return true;
  const { triggerMessages, triggerTokens } = context.config.segmentation;
  const tokens = pending.reduce((sum, row) => sum + row.tokens, 0);
  return pending.length >= triggerMessages && tokens >= triggerTokens;
}

/** Planner input: rows up to the first one not embedded yet (unless embeddings are degraded). */
function plannerInput(
  context: PipelineContext,
  rows: readonly MessageTokenRow[],
  options: SegmentationJobOptions,
): SegmentInput[] {
  const cursor = context.store.vectors.cursor();
  const firstPending = options.embeddingsDegraded ? -1 : rows.findIndex((row) => row.id > cursor);
  const kept = firstPending < 0 ? rows : rows.slice(0, firstPending);
  const vectors = plannerVectors(context, kept, options.vectorCache);
  const zero = new Float32Array(context.embedder.dimensions);
  return kept.map((row) => ({
    seq: row.seq,
    role: row.role,
    tokens: row.tokens,
    vector: vectors.get(row.id) ?? zero,
  }));
}

/** The stored vectors of `rows`, from the cache where it has them; refreshes the cache. */
function plannerVectors(
  context: PipelineContext,
  rows: readonly MessageTokenRow[],
  cache: Map<number, Float32Array> | undefined,
): Map<number, Float32Array> {
  if (!cache) return context.store.vectors.vectors(rows.map((row) => row.id));
  const missing = rows.filter((row) => !cache.has(row.id)).map((row) => row.id);
  const fetched = context.store.vectors.vectors(missing);
  const vectors = new Map<number, Float32Array>();
  for (const row of rows) {
    const vector = cache.get(row.id) ?? fetched.get(row.id);
    if (vector) vectors.set(row.id, vector);
  }
  cache.clear();
  if (vectors.size <= VECTOR_CACHE_MAX) for (const [id, vector] of vectors) cache.set(id, vector);
  return vectors;
}

/**
 * Messages planned at once. An import of 100k messages is segmented this many at a time, so the
 * planner holds ~8k vectors, not all of them (the import's peak memory stays bounded).
 */
const PLAN_CHUNK = 8000;

function segmentSession(
  context: PipelineContext,
  session: string,
  options: SegmentationJobOptions,
  { from, end, onChunk }: { from: number; end: number; onChunk: (reached: number) => void },
): number {
  let closed = 0;
  // Where the closed segments end: read once a chunk, for the report and the next chunk alike.
  for (let start = from; ; ) {
    const chunkEnd = start + PLAN_CHUNK;
    const final = options.final && chunkEnd >= end;
    const closedNow = segmentChunk(context, session, { ...options, final }, chunkEnd);
    closed += closedNow;
    start = context.store.segments.levelEnd(session, 0);
    onChunk(start);
    if (final || chunkEnd >= end || closedNow === 0 || context.signal.aborted) return closed;
  }
}

function segmentChunk(
  context: PipelineContext,
  session: string,
  options: SegmentationJobOptions,
  chunkEnd: number,
): number {
  const { store, config } = context;
  const start = store.segments.levelEnd(session, 0);
  const rows = store.messages.tokenRows(session, Math.max(0, start - CONTEXT_MESSAGES), chunkEnd);
  if (!shouldSegment(context, rows, start, options.final)) return 0;
  const messages = plannerInput(context, rows, options);
  if (!messages.some((message) => message.seq >= start)) return 0;
  const plan = planSegments({
    messages,
    startSeq: start,
    final: options.final && messages.length === rows.length,
    targetTokens: config.segmentation.targetTokens,
    minTokens: config.segmentation.minTokens,
    minMessages: config.segmentation.minMessages,
    window: config.segmentation.window,
  });
  const bySeq = new Map(rows.map((row) => [row.seq, row]));
  const boundaries = [...plan.boundaries];
  const end = (rows.at(-1)?.seq ?? start - 1) + 1;
  if (options.final && messages.length === rows.length && plan.pendingFrom < end) {
    // The end of an import or demo: the whole session is tiled, a short tail included.
    boundaries.push({ seqStart: plan.pendingFrom, seqEnd: end });
  }
  let closed = 0;
  for (const boundary of boundaries) {
    if (context.signal.aborted) break;
    closeLeaf(context, session, boundary, bySeq);
    closed += 1;
  }
  if (closed > 0) context.logger.info({ session, closed, start }, "segments closed");
  return closed;
}

function closeLeaf(
  context: PipelineContext,
  session: string,
  boundary: SegmentBoundary,
  bySeq: ReadonlyMap<number, MessageTokenRow>,
): void {
  const { store, clock } = context;
  const { seqStart, seqEnd } = boundary;
  let tokenCount = 0;
  for (let seq = seqStart; seq < seqEnd; seq += 1) tokenCount += bySeq.get(seq)?.tokens ?? 0;
  const id = segmentId(session, 0, seqStart, seqEnd);
  const firstTs = bySeq.get(seqStart)?.ts ?? "";
  const lastTs = bySeq.get(seqEnd - 1)?.ts ?? firstTs;
  closeSegment(store, clock, {
    id,
    session,
    level: 0,
    seqStart,
    seqEnd,
    tokenCount,
    firstTs,
    lastTs,
  });
  const messages = store.messages.range(session, seqStart, seqEnd);
  const text = summarizeExtractive({ messages, targetTokens: extractiveTargetTokens(tokenCount) });
  writeExtractiveSummary(context, id, text);
}
