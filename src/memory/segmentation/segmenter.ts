// Plans L0 segment boundaries: topic-coherent runs of messages that tile the session, cut only
// before a user message. Pure: no I/O; the memory worker embeds before and writes after.
import { KernError, type Role } from "../../kernel/index.js";
import { findTopicShifts, shiftThreshold, windowSimilarities } from "./topic-shift.js";

export interface SegmentInput {
  seq: number;
  role: Role;
  tokens: number;
  vector: Float32Array;
}

export interface PlanSegmentsOptions {
  /**
   * Messages in seq order without gaps, from at most a few hundred before `startSeq` (context for
   * the windows and the calibration; never re-cut) to the newest message.
   */
  messages: ReadonlyArray<SegmentInput>;
  /** First seq not yet in a segment: boundaries start here. */
  startSeq: number;
  /** True at the end of an import: close the tail too when it meets the minimums. */
  final: boolean;
  targetTokens: number;
  minTokens: number;
  minMessages: number;
  /** Messages compared on each side of a candidate boundary. */
  window: number;
  /** A topic shift closes a segment only from this size on (default SHIFT_FROM_SHARE · target). */
  shiftFromTokens?: number;
  /** Past this size a segment closes at its best cut, shift or not (default MAX_SHARE · target). */
  maxTokens?: number;
}

export interface SegmentBoundary {
  seqStart: number;
  /** Exclusive. */
  seqEnd: number;
}

export interface SegmentPlan {
  /** Contiguous: the first starts at `startSeq`, each next one where the previous ended. */
  boundaries: SegmentBoundary[];
  /** First seq left unsegmented (the end of the last boundary, else `startSeq`). */
  pendingFrom: number;
}

/**
 * How far below the session's typical similarity a shift must be, in standard deviations. On
 * planted-topic conversations (30 seeds) 1.0 gave recall 0.83 / precision 0.85, 1.5 gave
 * 0.88 / 0.96, 2.0 gave 0.79 / 0.97.
 */
const DEVIATIONS = 1.5;

/** A forced cut (no topic shift before the cap) takes the best candidate past this share of it. */
const NEAR_TARGET_SHARE = 0.6;

/**
 * The target is what a segment averages, so the summary calls follow the work (issue 17): a
 * topic shift closes a segment from 80% of the target on, and a segment without one closes by
 * 150%. Measured on a 20k-message, 1.9M-token generated history: shifts from `minTokens` with
 * the target as a cap gave L0s of 9.0k tokens on average (123 summary calls per million tokens);
 * 0.67/1.5 gave 14.1k (78); 0.8/1.33 gave 15.5k (71); 0.8/1.5 gives 16.0k (69); 1.0/1.5 gave
 * 18.0k (61) but cut fewer topic changes. See docs/decisions/0010-what-the-agent-sees.md (segment sizes).
 */
export const SHIFT_FROM_SHARE = 0.8;
export const MAX_SHARE = 1.5;

interface Series {
  options: PlanSegmentsOptions;
  /** prefixTokens[i] = tokens of messages [0, i). */
  prefixTokens: Float64Array;
  candidates: number[];
  similarities: Float64Array;
  shifts: boolean[];
}

function buildSeries(options: PlanSegmentsOptions): Series {
  const { messages, window } = options;
  const prefixTokens = new Float64Array(messages.length + 1);
  const candidates: number[] = [];
  messages.forEach((message, index) => {
    prefixTokens[index + 1] = (prefixTokens[index] ?? 0) + message.tokens;
    if (index > 0 && message.role === "user") candidates.push(index);
  });
  const vectors = messages.map((message) => message.vector);
  // A long message says more about the topic than a one-line tool call; sqrt(tokens) weighs it up
  // without letting one file dump drown its window (on planted-topic tests: recall 0.82 → 0.88).
  const weights = messages.map((message) => Math.sqrt(Math.max(1, message.tokens)));
  const similarities = windowSimilarities({ vectors, candidates, window, weights });
  // Calibrate on candidates whose windows are complete when there are enough of them.
  const complete = similarities.filter((_, position) => {
    const at = candidates[position] ?? 0;
    return at >= window && at + window <= messages.length;
  });
  const threshold = shiftThreshold(complete.length >= 20 ? complete : similarities, DEVIATIONS);
  const shifts = findTopicShifts({ candidates, similarities, threshold, window });
  return { options, prefixTokens, candidates, similarities, shifts };
}

/**
 * Where the segment starting at message index `start` closes, or null to wait for more messages.
 * Scans candidates after `start`: the first topic shift once the minimums are met wins; else,
 * once the segment has passed the target, the lowest-similarity candidate in
 * [NEAR_TARGET_SHARE · target, target] (else any legal one up to the target; else the first legal
 * one past it, the only way a segment exceeds the target). Without `final`, a candidate whose
 * after-window is still incomplete cannot be judged yet, so the scan waits there.
 */
function findCut(series: Series, start: number, firstCandidate: number): number | null {
  const { options, prefixTokens, candidates, similarities, shifts } = series;
  const count = options.messages.length;
  const base = prefixTokens[start] ?? 0;
  let bestNear = -1;
  let bestAny = -1;
  // No signal (NaN) ranks like perfect similarity: nothing suggests a cut there.
  const rank = (position: number) => {
    const value = similarities[position] ?? Number.NaN;
    return Number.isNaN(value) ? 1 : value;
  };
  // Ties go to the later candidate: with no signal at all, cut as near the target as allowed.
  const lower = (position: number, best: number) => best < 0 || rank(position) <= rank(best);
  const maxTokens = options.maxTokens ?? MAX_SHARE * options.targetTokens;
  const shiftFrom =
    options.shiftFromTokens ?? Math.max(options.minTokens, SHIFT_FROM_SHARE * options.targetTokens);
  for (let position = firstCandidate; position < candidates.length; position += 1) {
    const at = candidates[position] ?? 0;
    const tokens = (prefixTokens[at] ?? 0) - base;
    const legal = tokens >= options.minTokens && at - start >= options.minMessages;
    if (tokens > maxTokens) {
      const best = bestNear >= 0 ? bestNear : bestAny;
      if (best >= 0) return candidates[best] ?? null;
      if (legal) return at;
      continue;
    }
    if (!options.final && at + options.window > count) return null;
    if (!legal) continue;
    if (shifts[position] && tokens >= shiftFrom) return at;
    if (lower(position, bestAny)) bestAny = position;
    if (tokens >= NEAR_TARGET_SHARE * maxTokens && lower(position, bestNear)) {
      bestNear = position;
    }
  }
  const total = (prefixTokens[count] ?? 0) - base;
  if (total <= maxTokens) return null;
  const best = bestNear >= 0 ? bestNear : bestAny;
  return best >= 0 ? (candidates[best] ?? null) : null;
}

function meetsMinimums(series: Series, start: number, end: number): boolean {
  const tokens = (series.prefixTokens[end] ?? 0) - (series.prefixTokens[start] ?? 0);
  return tokens >= series.options.minTokens && end - start >= series.options.minMessages;
}

function checkInput(options: PlanSegmentsOptions): number {
  const { messages, startSeq } = options;
  messages.forEach((message, index) => {
    if (index > 0 && message.seq !== (messages[index - 1]?.seq ?? 0) + 1) {
      throw new KernError(
        "KERN_INTERNAL",
        `planSegments: messages must have consecutive seqs (gap at ${message.seq})`,
      );
    }
  });
  const first = messages[0]?.seq ?? startSeq;
  const last = messages.length > 0 ? first + messages.length : startSeq;
  if (startSeq < first || startSeq > last) {
    throw new KernError(
      "KERN_INTERNAL",
      `planSegments: startSeq ${startSeq} is outside the messages [${first}, ${last})`,
    );
  }
  return startSeq - first;
}

/**
 * Plans the L0 segments of `[startSeq, end)`. Guarantees: boundaries tile from `startSeq` without
 * gaps or overlaps; every cut is before a user message (a tool call and its result are never
 * split); no segment is below `minTokens` or `minMessages`; a segment passes `targetTokens` only
 * when no user message allows a cut before. The tail stays pending unless `final` and it meets
 * the minimums. Deterministic, O(n · (dimensions + window)). Throws on non-consecutive seqs.
 */
export function planSegments(options: PlanSegmentsOptions): SegmentPlan {
  let start = checkInput(options);
  const series = buildSeries(options);
  const { messages } = options;
  const boundaries: SegmentBoundary[] = [];
  const seqAt = (index: number) => (messages[0]?.seq ?? options.startSeq) + index;
  let position = 0;
  for (;;) {
    while ((series.candidates[position] ?? Number.POSITIVE_INFINITY) <= start) position += 1;
    const cut = findCut(series, start, position);
    if (cut === null) break;
    boundaries.push({ seqStart: seqAt(start), seqEnd: seqAt(cut) });
    start = cut;
  }
  if (options.final && start < messages.length && meetsMinimums(series, start, messages.length)) {
    boundaries.push({ seqStart: seqAt(start), seqEnd: seqAt(messages.length) });
    start = messages.length;
  }
  return { boundaries, pendingFrom: seqAt(start) };
}
