// The lexical leg's hits re-scored without another query (recall.ts ranks with them): by how many
// of the question's words each holds and whether it is an echo (term-coverage.ts), by its
// speaker, its adjacent message and its age; and whether the best of them holds the question's
// words together (nearby-words.ts applies only when it does not). Pure.
// docs/decisions/0004-recall-ranking.md
import type { IndexedMessage } from "../../store/index.js";
import { messageText } from "../text/message-text.js";
import { RECALL_TUNING } from "./recall-tuning.js";
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
 * The lexical leg: FTS5 BM25 hits re-scored with their conversational context. A message's score
 * is its own normalized BM25 (times its speaker's weight, speaker-prior.ts) plus a share of its
 * adjacent message's (a question and its answer share the topic) plus a small bonus for being newer (knowledge that changed: the later
 * statement first). Pure over the hits; no extra query.
 */
export function contextRerank(
  hits: readonly ScoredHit[],
  roleWeight: RoleWeight = () => 1,
): ScoredHit[] {
  const top = hits.reduce((max, hit) => Math.max(max, hit.score), 0);
  if (top <= 0) return [...hits];
  const bySeq = new Map(hits.map((hit) => [`${hit.session}:${hit.seq}`, hit.score / top]));
  const score = (session: string, seq: number) => bySeq.get(`${session}:${seq}`) ?? 0;
  const { adjacent, recency } = RECALL_TUNING;
  let oldest = Number.POSITIVE_INFINITY;
  let newest = Number.NEGATIVE_INFINITY;
  for (const hit of hits) [oldest, newest] = [Math.min(oldest, hit.id), Math.max(newest, hit.id)];
  const age = (id: number) => (newest > oldest ? (id - oldest) / (newest - oldest) : 0);
  return hits
    .map((hit) => {
      const own = (hit.score / top) * roleWeight(hit.role);
      const partner = Math.max(score(hit.session, hit.seq - 1), score(hit.session, hit.seq + 1));
      return { ...hit, score: own + adjacent * partner + recency * age(hit.id) };
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
): ScoredHit[] {
  if (RECALL_TUNING.coverage <= 0 && RECALL_TUNING.echo >= 1) return [...hits];
  const weigh = textWeight(terms);
  const weight = new Map(heads.map((m) => [m.id, weigh(messageText(m))]));
  return hits.map((hit) => ({ ...hit, score: hit.score * (weight.get(hit.id) ?? 1) }));
}

/** A candidate's weight from its text: its coverage of the question's words and whether it is an echo. */
export function textWeight(terms: readonly string[]): (text: string) => number {
  const share = terms.length >= 2 ? RECALL_TUNING.coverage : 0;
  const coverage = coverageOf(terms);
  return (text) =>
    (1 - share + share * coverage(text)) * (isShortQuestion(text) ? RECALL_TUNING.echo : 1);
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
): boolean {
  const best = hits.reduce<ScoredHit | undefined>(
    (top, hit) => (top === undefined || hit.score > top.score ? hit : top),
    undefined,
  );
  const share = headCoverage(best?.id, heads, terms);
  return share !== undefined && share < RECALL_TUNING.nearby.belowCoverage;
}
