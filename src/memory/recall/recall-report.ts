// The recall report from one search's rankings (recall.ts ranks): the newest statement of a
// subject first (latest-first.ts), one result a turn, each hit widened to its neighbours in that
// turn, a snippet around the question's words.
import type { RecallReport, RecallResult } from "../../kernel/index.js";
import { type AgentStore, type IndexedMessage, searchTerms } from "../../store/index.js";
import { messageText } from "../text/message-text.js";
import { asksForEarlier, latestFirst, namesWholeSubject, subjectTerms } from "./latest-first.js";
import { recallSnippet } from "./recall-snippet.js";
import type { RecallTuning } from "./recall-tuning.js";

/**
 * Fused candidates the newest-first rule re-orders: a fixed window, so `k` does not change which
 * result comes first.
 */
const LATEST_WINDOW = 40;
/** A hit widens to its turn, but never to more messages than this. */
const MAX_TURN_MESSAGES = 12;

/** One search's rankings (message ids, best first) and what the question was read as. */
export interface Ranked {
  fts: number[];
  vectors: number[];
  fused: Array<{ item: number; score: number }>;
  /** Question words that name a speaker (lowercase). */
  speakers: ReadonlySet<string>;
  /** The messages holding the query as a phrase (phrase-first.ts). */
  phrase: ReadonlySet<number>;
}

/** `[seqStart, seqEnd)` of the turn holding `seq`: from its user message, capped at 12. */
function turnRange(store: AgentStore, session: string, seq: number): [number, number] {
  const rows = store.messages.tokenRows(
    session,
    Math.max(0, seq - MAX_TURN_MESSAGES),
    seq + MAX_TURN_MESSAGES + 1,
  );
  let start = seq;
  for (const row of rows) if (row.seq <= seq && row.role === "user") start = row.seq;
  let end = (rows.at(-1)?.seq ?? seq) + 1;
  for (const row of rows) {
    if (row.seq > seq && row.role === "user") {
      end = row.seq;
      break;
    }
  }
  if (end - start <= MAX_TURN_MESSAGES) return [start, end];
  const from = Math.max(
    start,
    Math.min(seq - Math.floor(MAX_TURN_MESSAGES / 2), end - MAX_TURN_MESSAGES),
  );
  return [from, from + MAX_TURN_MESSAGES];
}

/** A tool output speaks for the assistant that called it. */
const speakerRole = (role: string) => (role === "tool" ? "assistant" : role);

/**
 * The first seq of the unit a result stands for: its turn's (turnRange), or with `run` the first
 * of the consecutive messages of its speaker's role that end at `seq`, capped at 12.
 */
function unitStart(store: AgentStore, message: IndexedMessage, tuning: RecallTuning): number {
  if (tuning.resultUnit !== "run") return turnRange(store, message.session, message.seq)[0];
  const rows = store.messages.tokenRows(
    message.session,
    Math.max(0, message.seq - MAX_TURN_MESSAGES),
    message.seq + 1,
  );
  const role = speakerRole(message.role);
  let start = message.seq;
  for (let index = rows.length - 1; index >= 0; index -= 1) {
    const row = rows[index];
    if (!row || speakerRole(row.role) !== role) break;
    start = row.seq;
  }
  return start;
}

/**
 * Whether a candidate states the question's subject, for the newest-first rule: every query word
 * (a speaker's name by who said it), or, for a phrase query, the phrase. A tool output (a log, a
 * listing) names words without stating anything about them.
 */
function statesSubject(
  message: IndexedMessage,
  text: string,
  ranked: Ranked,
  terms: string[],
  nowWords: boolean,
) {
  if (message.role === "tool") return false;
  if (ranked.phrase.size > 0) return ranked.phrase.has(message.id);
  const speaker = message.meta?.name?.toLowerCase() ?? "";
  if (ranked.speakers.size > 0 && !ranked.speakers.has(speaker)) return false;
  const subject = terms.filter((term) => !ranked.speakers.has(term));
  return namesWholeSubject(text, nowWords ? subjectTerms(subject) : subject);
}

/**
 * The fused candidates with the newest statement of a subject first (latest-first.ts), within a
 * fixed window; a result moved up takes the score of the place it took, so scores read best first.
 */
function newestFirst(
  query: string,
  tuning: RecallTuning,
  ranked: Ranked,
  candidates: ReadonlyArray<{ item: number; score: number }>,
  messages: ReadonlyMap<number, IndexedMessage>,
  texts: ReadonlyMap<number, string>,
): Array<{ item: number; score: number }> {
  const terms = searchTerms(query);
  const window = candidates.slice(0, LATEST_WINDOW);
  const reordered =
    tuning.latestFirst && !asksForEarlier(query)
      ? latestFirst(
          window,
          (entry) => {
            const message = messages.get(entry.item);
            return (
              message !== undefined &&
              statesSubject(message, texts.get(entry.item) ?? "", ranked, terms, tuning.nowWords)
            );
          },
          (entry) => entry.item,
        )
      : window;
  return [...reordered, ...candidates.slice(LATEST_WINDOW)].map((entry, place) => ({
    item: entry.item,
    score: candidates[place]?.score ?? entry.score,
  }));
}

/**
 * Whether a hit of a turn that has results already goes into one: one next to a result widens it
 * (when the tuning says so and the hit ranks within k); with one result per turn, one further
 * away adds nothing once the turn holds `turnResults`; otherwise it is a result of its own.
 */
function widens(
  earlier: readonly RecallResult[],
  seq: number,
  options: { place: number; k: number; last: RecallResult | undefined; tuning: RecallTuning },
): boolean {
  const { place, k, last, tuning } = options;
  const next = earlier.find((result) => seq === result.seqEnd || seq === result.seqStart - 1);
  // In its place: only the last result widens, so the hit is shown where it ranks (after it);
  // with `*-after`, only a later message is held to it (an earlier one is what the hit answers).
  const form = tuning.widenInPlace;
  const held = form === "drop" || form === "own" || seq === next?.seqEnd;
  if (next && form !== "off" && next !== last && held) {
    return form === "drop" || form === "drop-after";
  }
  if (next && tuning.widen && place < tuning.widenWithin * k) {
    if (seq === next.seqEnd) next.seqEnd += 1;
    else next.seqStart -= 1;
    return true;
  }
  return tuning.oneResultPerTurn && earlier.length >= tuning.turnResults;
}

/**
 * The report from one search's rankings: the newest statement of a subject first, one result a
 * turn (a neighbouring hit widens it), snippets, at most `k`.
 */
export function buildReport(
  store: AgentStore,
  query: string,
  ranked: Ranked,
  k: number,
  tuning: RecallTuning,
): RecallReport {
  const terms = searchTerms(query);
  const candidates = ranked.fused.slice(0, Math.max(LATEST_WINDOW, k * 4));
  const messages = new Map(
    store.messages.byIds(candidates.map((entry) => entry.item)).map((m) => [m.id, m]),
  );
  const texts = new Map([...messages].map(([id, message]) => [id, messageText(message)]));
  const top = newestFirst(query, tuning, ranked, candidates, messages, texts);
  const results: RecallResult[] = [];
  const byTurn = new Map<string, RecallResult[]>();
  for (const [place, { item, score }] of top.entries()) {
    const message = messages.get(item);
    if (!message) continue;
    const turn = `${message.session}\u0000${unitStart(store, message, tuning)}`;
    const earlier = byTurn.get(turn) ?? [];
    const last = results.at(-1);
    if (earlier.length > 0 && widens(earlier, message.seq, { place, k, last, tuning })) continue;
    const snippet = recallSnippet(texts.get(message.id) ?? "", terms);
    const result: RecallResult = {
      session: message.session,
      seqStart: message.seq,
      seqEnd: message.seq + 1,
      score,
      snippet,
      ts: message.ts,
      speaker: message.meta?.name ?? message.meta?.user ?? message.role,
    };
    byTurn.set(turn, [...earlier, result]);
    results.push(result);
    if (results.length >= k) break;
  }
  return { query, results };
}
