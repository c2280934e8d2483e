// Where the raw message window starts (the trim point) and how it is made safe to send. Pure: no
// I/O; the composer supplies token sums and budgets.
//
// The sticky rule (hysteresis, LESSONS #6): a trim point only ever moves when it must. When the
// window no longer fits, the new trim point is the oldest candidate whose window leaves headroom
// for the turns to come: 20% of the window's budget (LOW_WATER), but never more than
// `headroomCap` tokens (4% of the whole budget in the composer, so a fresh prompt fills >= ~95% of
// it; ADR 0010). The point is then kept turn after turn while the window still fits and no
// candidate older than it would also leave that headroom (which only happens when the budget grew
// or summaries shrank).
import type { SessionMessage } from "../../kernel/index.js";

/** Share of the window budget a fresh trim point fills at most: 20% headroom for later turns. */
export const LOW_WATER = 0.8;

export interface PlanTrimOptions {
  /** Allowed trim points (seqs of user messages at L0 edges or in the unsegmented tail), ascending. */
  candidates: readonly number[];
  /** Tokens of the messages from `seq` to the end; falls as `seq` rises. */
  windowTokens(seq: number): number;
  /** Tokens the window may use when trimmed at `seq` (the budget minus system and summary). */
  windowBudget(seq: number): number;
  /** An upper bound of every `windowBudget` (the budget minus the system sections). */
  maxWindowBudget: number;
  /** Last turn's trim point for this session, or null. */
  previous: number | null;
  /** The most headroom a fresh trim point leaves, in tokens; omitted = 20% of the window budget. */
  headroomCap?: number;
}

export interface TrimPlan {
  /** First seq of the window; 0 = nothing trimmed. */
  trimPoint: number;
  /** False when even the newest candidate does not fit (the caller falls back further). */
  fits: boolean;
}

/** Tokens a window may fill under `budget` with `share` of it as the low-water mark. */
function lowWater(options: PlanTrimOptions, budget: number, share: number): number {
  const headroom = Math.min((1 - share) * budget, options.headroomCap ?? Number.POSITIVE_INFINITY);
  return budget - headroom;
}

/** Index of the oldest candidate whose window is at most `share` of its budget, or -1. */
function oldestUnder(options: PlanTrimOptions, share: number): number {
  const { candidates, windowTokens, windowBudget } = options;
  // Binary search skips the candidates that cannot fit even with no summary at all.
  const bound = lowWater(options, options.maxWindowBudget, share);
  let low = 0;
  let high = candidates.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (windowTokens(candidates[middle] ?? 0) <= bound) high = middle;
    else low = middle + 1;
  }
  for (let index = low; index < candidates.length; index += 1) {
    const seq = candidates[index] ?? 0;
    if (windowTokens(seq) <= lowWater(options, windowBudget(seq), share)) return index;
  }
  return -1;
}

/**
 * Chooses the trim point. Contract: with `fits`, `windowTokens(trimPoint) <= windowBudget(trimPoint)`;
 * the trim point is 0 when everything fits, else one of `candidates`. Deterministic.
 */
export function planTrim(options: PlanTrimOptions): TrimPlan {
  const { candidates, windowTokens, windowBudget, previous } = options;
  const fitsAt = (seq: number) => windowTokens(seq) <= windowBudget(seq);
  if (fitsAt(0)) return { trimPoint: 0, fits: true };
  const lowIndex = oldestUnder(options, LOW_WATER);
  const low = lowIndex >= 0 ? candidates[lowIndex] : undefined;
  const keep = previous !== null && previous > 0 && candidates.includes(previous);
  if (keep && fitsAt(previous) && (low === undefined || previous <= low)) {
    return { trimPoint: previous, fits: true };
  }
  if (low !== undefined) return { trimPoint: low, fits: true };
  const fit = candidates[oldestUnder(options, 1)];
  if (fit !== undefined) return { trimPoint: fit, fits: true };
  return { trimPoint: candidates.at(-1) ?? 0, fits: false };
}

/**
 * A tool result whose call is not in the window (imported histories often hold them) as a
 * readable assistant message: providers reject a lone tool message, and dropping it would lose
 * what it says (issue 15: nothing is silently lost at any budget).
 */
function orphanResultAsText(message: SessionMessage): SessionMessage {
  const { toolCallId: _id, ...rest } = message;
  return { ...rest, role: "assistant", content: `(tool output) ${message.content ?? ""}` };
}

/**
 * Makes a window safe to send (LESSONS #10): tool results whose call is not in the window become
 * readable assistant messages (orphanResultAsText), and tool calls whose result is missing (a
 * crash cut the turn) are removed from their assistant message, which is dropped when nothing
 * else is left in it. Returns a new array; the messages it changes are copies.
 */
export function closeToolCalls(messages: readonly SessionMessage[]): SessionMessage[] {
  const result: SessionMessage[] = [];
  let index = 0;
  while (index < messages.length) {
    const message = messages[index] as SessionMessage;
    index += 1;
    if (message.role === "tool") {
      result.push(orphanResultAsText(message)); // a result without its call in the window
      continue;
    }
    const calls = message.toolCalls ?? [];
    if (message.role !== "assistant" || calls.length === 0) {
      result.push(message);
      continue;
    }
    const results: SessionMessage[] = [];
    while (index < messages.length && messages[index]?.role === "tool") {
      results.push(messages[index] as SessionMessage);
      index += 1;
    }
    const callIds = new Set(calls.map((call) => call.id));
    const answered = new Set(
      results.flatMap((tool) =>
        tool.toolCallId && callIds.has(tool.toolCallId) ? [tool.toolCallId] : [],
      ),
    );
    const kept = calls.filter((call) => answered.has(call.id));
    if (kept.length === calls.length) result.push(message);
    else if (kept.length > 0) result.push({ ...message, toolCalls: kept });
    else if ((message.content ?? "").length > 0) {
      const { toolCalls: _dropped, ...rest } = message;
      result.push(rest);
    }
    const sent = new Set<string>();
    for (const tool of results) {
      if (!tool.toolCallId || !answered.has(tool.toolCallId) || sent.has(tool.toolCallId)) {
        result.push(orphanResultAsText(tool)); // no call, or a duplicate result: readable text
        continue;
      }
      sent.add(tool.toolCallId);
      result.push(tool);
    }
  }
  return result;
}
