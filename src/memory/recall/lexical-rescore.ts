// The lexical leg's hits re-scored without another query (recall.ts ranks with them): by how many
// of the question's words each holds and whether it is an echo (term-coverage.ts), by its
// speaker and its age; and whether the best of them holds the question's words together
// (nearby-words.ts applies only when it does not). Pure.
// docs/decisions/0004-recall-ranking.md
import type { IndexedMessage } from "../../store/index.js";
import { messageText } from "../text/message-text.js";
import type { RecallTuning } from "./recall-tuning.js";
import type { RoleWeight } from "./speaker-prior.js";
import { coverageOf, isShortQuestion } from "./term-coverage.js";

export interface ScoredHit {
  id: number;
  session: string;
  seq: number;
  score: number;
  role?: string;
}

/**
 * The lexical leg: FTS5 BM25 hits re-scored by who said them and their age. A message's score is
 * its own normalized BM25 (times its speaker's weight, speaker-prior.ts) plus a small bonus of up
 * to `recency` for being newer (knowledge that changed: the later statement first). Pure over
 * the hits; no extra query. (A share of the adjacent message's score was measured and removed:
 * ADR 0004, rounds 6 and 19.)
 */
export function contextRerank(
  hits: readonly ScoredHit[],
  roleWeight: RoleWeight,
  recency: number,
): ScoredHit[] {
  const top = hits.reduce((max, hit) => Math.max(max, hit.score), 0);
  if (top <= 0) return [...hits];
  let oldest = Number.POSITIVE_INFINITY;
  let newest = Number.NEGATIVE_INFINITY;
  for (const hit of hits) [oldest, newest] = [Math.min(oldest, hit.id), Math.max(newest, hit.id)];
  const age = (id: number) => (newest > oldest ? (id - oldest) / (newest - oldest) : 0);
  return hits
    .map((hit) => {
      const own = (hit.score / top) * roleWeight(hit.role);
      return { ...hit, score: own + recency * age(hit.id) };
    })
    .sort((a, b) => b.score - a.score || a.id - b.id);
}

/**
 * The hits with BM25 scaled by how many of the question's words each holds (term-coverage.ts):
 * length normalisation alone lets short echoes of one word outrank the message holding them all.
 * `heads` are the hits' heads (read once, shared with the vector leg).
 */
export function byCoverage(
  hits: readonly ScoredHit[],
  heads: readonly IndexedMessage[],
  terms: readonly string[],
  tuning: Pick<RecallTuning, "coverage" | "echo" | "echoOnlyAsking">,
): ScoredHit[] {
  if (tuning.coverage <= 0 && tuning.echo >= 1) return [...hits];
  const weigh = textWeight(terms, tuning);
  const weight = new Map(heads.map((m) => [m.id, weigh(messageText(m))]));
  return hits.map((hit) => ({ ...hit, score: hit.score * (weight.get(hit.id) ?? 1) }));
}

/** A candidate's weight from its text: its coverage of the question's words and whether it is an echo. */
function textWeight(
  terms: readonly string[],
  tuning: Pick<RecallTuning, "coverage" | "echo" | "echoOnlyAsking">,
): (text: string) => number {
  const share = terms.length >= 2 ? tuning.coverage : 0;
  const coverage = coverageOf(terms);
  const echo = (text: string) =>
    isShortQuestion(text) && !(tuning.echoOnlyAsking && coverage(statements(text)) > 0);
  return (text) => (1 - share + share * coverage(text)) * (echo(text) ? tuning.echo : 1);
}

/** The sentences of a text that do not ask (end in "?"), joined. */
function statements(text: string): string {
  return text
    .trim()
    .split(/(?<=[.!?])\s+/u)
    .filter((sentence) => !sentence.endsWith("?"))
    .join(" ");
}

/** The share of `terms` the head of message `id` holds, or undefined when its head was not read. */
export function headCoverage(
  id: number | undefined,
  heads: readonly IndexedMessage[],
  terms: readonly string[],
): number | undefined {
  const head = heads.find((message) => message.id === id);
  return head && coverageOf(terms)(messageText(head));
}

/**
 * Whether no hit holds the question's words together: the best hit (by coverage-weighted BM25)
 * holds less than `nearby.belowCoverage` of them. Only then do words said around a hit count
 * for it (nearby-words.ts).
 */
export function wordsAreApart(
  hits: readonly ScoredHit[],
  heads: readonly IndexedMessage[],
  terms: readonly string[],
  belowCoverage: number,
): boolean {
  const best = hits.reduce<ScoredHit | undefined>(
    (top, hit) => (top === undefined || hit.score > top.score ? hit : top),
    undefined,
  );
  const share = headCoverage(best?.id, heads, terms);
  return share !== undefined && share < belowCoverage;
}
