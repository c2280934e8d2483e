// The keeper's pure planner (SG-11): merges what each new exchange shows into the working memory
// and applies its invariants — decisions append-only, one file item per path, a later preference
// on the same subject replaces the earlier, context refreshed when mentioned and faded after
// FADE_AFTER_TURNS user turns without a mention. Pure: no I/O, no model.
import { KernError, type SessionMessage } from "../../kernel/index.js";
import { dropSilentTurns } from "../summaries/silent-turns.js";
import { isMentioned, isSameSubject, isSameTopic, keywordsOf } from "./working-memory-keywords.js";
import { type ExchangeObservation, observeExchange } from "./working-memory-rules.js";
import {
  cleanLine,
  FADE_AFTER_TURNS,
  type FileChange,
  type FileItem,
  MAX_CONTEXT_ITEMS,
  sameText,
  TEXT_LIMITS,
  type WorkingMemoryState,
} from "./working-memory-state.js";

/** Messages grouped into exchanges: each starts at a user message (the first may not). */
export function splitExchanges(messages: readonly SessionMessage[]): SessionMessage[][] {
  const exchanges: SessionMessage[][] = [];
  for (const message of messages) {
    const current = exchanges.at(-1);
    if (!current || message.role === "user") exchanges.push([message]);
    else current.push(message);
  }
  return exchanges;
}

/** User turns that started after `fromSeq`, up to and including `toSeq` (`userSeqs` ascending). */
export function turnsBetween(userSeqs: readonly number[], fromSeq: number, toSeq: number): number {
  return Math.max(0, firstAbove(userSeqs, toSeq) - firstAbove(userSeqs, fromSeq));
}

/** Index of the first seq greater than `seq` (binary search: a whole-history pass asks often). */
function firstAbove(userSeqs: readonly number[], seq: number): number {
  let low = 0;
  let high = userSeqs.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((userSeqs[middle] ?? 0) <= seq) low = middle + 1;
    else high = middle;
  }
  return low;
}

function fileNote(change: FileChange, known: FileItem | undefined): string {
  switch (change.tool) {
    case "write":
      return `${known ? "rewritten" : "created"} (write, ${change.detail})`;
    case "edit":
      return known?.note.startsWith("created") ? "created, then edited (edit)" : "edited (edit)";
    case "bash":
      return `written by bash ${change.detail}`;
    case "model":
      return change.detail;
    default: {
      const unreachable: never = change.tool;
      throw new KernError("KERN_INTERNAL", `unknown file change tool ${String(unreachable)}`);
    }
  }
}

function mergeFiles(state: WorkingMemoryState, changes: readonly FileChange[], seq: number): void {
  for (const change of changes) {
    const known = state.files.find((item) => item.path === change.path);
    const note = cleanLine(fileNote(change, known), TEXT_LIMITS.note) || "changed";
    if (known) Object.assign(known, { note, seq });
    else state.files.push({ path: change.path, note, seq });
  }
}

function addContext(state: WorkingMemoryState, text: string, seq: number): void {
  const known = state.context.find((item) => sameText(item.text, text));
  if (known) known.lastSeq = Math.max(known.lastSeq, seq);
  else if (text) state.context.push({ text, lastSeq: seq });
}

function mergeTask(state: WorkingMemoryState, observation: ExchangeObservation): void {
  const { request, nextStep, seq } = observation;
  if (request) {
    // The work moved on: the old task stays in view as context until it fades.
    if (state.task && !isSameTopic(state.task.now, request))
      addContext(state, cleanLine(`Earlier task: ${state.task.now}`, TEXT_LIMITS.text), seq);
    state.task = { now: request, next: nextStep };
  } else if (nextStep && state.task) state.task.next = nextStep;
}

function mergePreferences(state: WorkingMemoryState, observation: ExchangeObservation): void {
  for (const preference of observation.preferences) {
    if (!preference.text) continue;
    state.preferences = state.preferences.filter(
      (item) =>
        !sameText(item.text, preference.text) &&
        !(preference.replaces && sameText(item.text, preference.replaces)) &&
        !isSameSubject(item.text, preference.text),
    );
    state.preferences.push({ text: preference.text, seq: observation.seq });
  }
}

/**
 * A decision already recorded: the same text, or (within one exchange, where the agent echoes the
 * user's "we decided to use SQLite…" as "let's go with SQLite") key words all in an earlier one.
 */
function isKnownDecision(state: WorkingMemoryState, text: string, seq: number): boolean {
  const words = keywordsOf(text);
  return state.decisions.some(
    (item) =>
      sameText(item.text, text) ||
      (item.seq === seq &&
        words.size > 0 &&
        [...words].every((word) => keywordsOf(item.text).has(word))),
  );
}

/** The state after one exchange. Never mutates `previous`. */
export function applyObservation(
  previous: WorkingMemoryState,
  observation: ExchangeObservation,
  userSeqs: readonly number[],
): WorkingMemoryState {
  const state = structuredClone(previous);
  applyInPlace(state, observation, userSeqs);
  return state;
}

/**
 * applyObservation on `state` itself. A catch-up applies a whole history's exchanges in a row:
 * cloning the state for each made it O(exchanges × decisions) — 1M messages, 770 decisions: the
 * catch-up took 20× the time of 100k messages instead of 10× (issue 32).
 */
function applyInPlace(
  state: WorkingMemoryState,
  observation: ExchangeObservation,
  userSeqs: readonly number[],
): void {
  const { seq } = observation;
  const mentioned = keywordsOf(observation.text);
  for (const item of state.context) {
    if (isMentioned(item.text, mentioned)) item.lastSeq = Math.max(item.lastSeq, seq);
  }
  mergeTask(state, observation);
  for (const decision of observation.decisions) {
    if (decision.text && !isKnownDecision(state, decision.text, seq))
      state.decisions.push({ date: observation.date, ...decision, seq });
  }
  mergeFiles(state, observation.files, seq);
  for (const text of observation.context) addContext(state, text, seq);
  mergePreferences(state, observation);
  state.context = state.context
    .filter((item) => turnsBetween(userSeqs, item.lastSeq, seq) < FADE_AFTER_TURNS)
    .sort((a, b) => b.lastSeq - a.lastSeq)
    .slice(0, MAX_CONTEXT_ITEMS);
}

export interface PlanWorkingMemoryOptions {
  state: WorkingMemoryState;
  /** The messages the working memory has not seen yet, in seq order. */
  messages: readonly SessionMessage[];
  /** Seqs of the session's user messages, ascending, from the oldest context item's on. */
  userSeqs: readonly number[];
}

export interface WorkingMemoryPlan {
  /** The rules' result after every new exchange. */
  state: WorkingMemoryState;
  /** The state before the last exchange: what the keeper model is asked to update. */
  beforeLast: WorkingMemoryState;
  /** The last exchange and what the rules saw in it; null when there was nothing new. */
  last: { messages: SessionMessage[]; observation: ExchangeObservation } | null;
}

/** Applies the rules to each new exchange in order, silent (NO_REPLY) turns left out. */
export function planWorkingMemoryUpdate(options: PlanWorkingMemoryOptions): WorkingMemoryPlan {
  // A NO_REPLY job or heartbeat turn observed nothing: no task, no keeper call for it.
  const exchanges = splitExchanges(dropSilentTurns(options.messages));
  const final = exchanges.pop();
  if (!final) return { state: options.state, beforeLast: options.state, last: null };
  // One copy for the whole run (options.state is never changed), one kept before the last exchange.
  const beforeLast = structuredClone(options.state);
  for (const messages of exchanges)
    applyInPlace(beforeLast, observeExchange(messages), options.userSeqs);
  const observation = observeExchange(final);
  const state = applyObservation(beforeLast, observation, options.userSeqs);
  return { state, beforeLast, last: { messages: final, observation } };
}
