// The chat model's optional help with one search (config recallAssist, off by default; issue 51,
// ADR 0004 round 23 bis): the question rewritten into the words a history would use, each rewrite
// ranked like the question and fused with it, then the first candidates re-ordered by what
// answers it. What the model says only re-orders and adds candidates the index found; it never
// drops one, and a failed call leaves the ranking as it was. The model's calls live behind
// `RecallAssist` (recall-assist-model.ts); this file is the ranking side. Pure but for those calls.
import type { RecallAssistReport } from "../../kernel/index.js";
import type { IndexedMessage } from "../../store/index.js";
import { fuseRankings, RRF_K } from "./recall-fusion.js";
import type { Ranked } from "./recall-report.js";

/** The model's two calls; either may be absent (its setting off). Both may throw. */
export interface RecallAssist {
  /** Up to REWRITES_MAX queries for the question, in the history's words. */
  rewrite?: (question: string) => Promise<string[]>;
  /** How many first candidates `rerank` reads. */
  candidates: number;
  /** The candidates' ids that help answer, best first (a subset of theirs, maybe empty). */
  rerank?: (question: string, candidates: readonly IndexedMessage[]) => Promise<number[]>;
}

/** Most rewrites a search runs, and the longest one (characters). */
export const REWRITES_MAX = 3;
const REWRITE_MAX_CHARS = 200;
/** The characters of each candidate the rerank reads (only its head is read from the log). */
export const CANDIDATE_CHARS = 400;

/**
 * A rewrite's weight in the fusion beside the question's own ranking (1). Not fitted: no model
 * runs on this machine, so no yardstick measured it; below 1 so the question's own words lead.
 */
const REWRITE_WEIGHT = 0.5;

/** The queries of a rewrite reply: one a line, list marks and quotes off, the question's own out. */
export function parseRewrites(reply: string, question: string): string[] {
  const seen = new Set([question.trim().toLowerCase()]);
  const queries: string[] = [];
  for (const line of reply.split("\n")) {
    const query = line
      .replace(/^\s*(?:[-*•]|\d+[.)])\s*/u, "")
      .replace(/^["'“”]+|["'“”]+$/gu, "")
      .trim()
      .slice(0, REWRITE_MAX_CHARS);
    if (query.length === 0 || seen.has(query.toLowerCase())) continue;
    seen.add(query.toLowerCase());
    queries.push(query);
    if (queries.length === REWRITES_MAX) break;
  }
  return queries;
}

/**
 * The candidate numbers (1-based, as the prompt showed them) of a rerank reply, in its order,
 * each once; [] for "none"; null when the reply names no candidate and is not "none".
 */
export function parseRerank(reply: string, count: number): number[] | null {
  const numbers = [...reply.matchAll(/\d+/gu)].map((match) => Number(match[0]));
  const picked = [...new Set(numbers.filter((n) => n >= 1 && n <= count))];
  if (picked.length > 0) return picked;
  return /\bnone\b/iu.test(reply) ? [] : null;
}

/**
 * `ranked` with its first ids in `order` (the picked ones first, the others after in their own
 * order), each place keeping the score it had, so scores still read best first.
 */
export function reorderFirst(
  ranked: ReadonlyArray<{ item: number; score: number }>,
  order: readonly number[],
  count: number,
): Array<{ item: number; score: number }> {
  const head = ranked.slice(0, count);
  const picked = order.filter((id) => head.some((entry) => entry.item === id));
  const rest = head.map((entry) => entry.item).filter((id) => !picked.includes(id));
  const reordered = [...picked, ...rest].map((item, index) => ({
    item,
    score: head[index]?.score ?? 0,
  }));
  return [...reordered, ...ranked.slice(count)];
}

function failure(step: string, error: unknown): string {
  return `${step}: ${error instanceof Error ? error.message : String(error)}`;
}

/** The question's ranking fused with each rewrite's (ranked by `rank` like the question). */
async function withRewrites(
  rewrite: NonNullable<RecallAssist["rewrite"]>,
  question: string,
  first: Ranked,
  rank: (query: string) => Promise<Ranked>,
): Promise<{ ranked: Ranked; rewrites: string[] }> {
  const rewrites = (await rewrite(question)).slice(0, REWRITES_MAX);
  if (rewrites.length === 0) return { ranked: first, rewrites };
  const others: Ranked[] = [];
  for (const query of rewrites) others.push(await rank(query));
  const lists = [first, ...others].map((ranked) => ranked.fused.map((entry) => entry.item));
  const weights = [1, ...others.map(() => REWRITE_WEIGHT)];
  const fused = fuseRankings(lists, RRF_K, weights);
  return { ranked: { ...first, fused }, rewrites };
}

/**
 * One search's ranking with the model's help: rewrites fused in, then the first candidates
 * re-ordered. `read` gives the candidates' messages, their first `chars` (in any order). Never rejects: a failed
 * call is a line in `failures` and the ranking goes on without it.
 */
export async function assistRanking(
  assist: RecallAssist,
  question: string,
  first: Ranked,
  rank: (query: string) => Promise<Ranked>,
  read: (ids: readonly number[], chars: number) => IndexedMessage[],
): Promise<{ ranked: Ranked; report: RecallAssistReport }> {
  const report: RecallAssistReport = { rewrites: [], reranked: 0, failures: [] };
  let ranked = first;
  if (assist.rewrite) {
    try {
      const rewritten = await withRewrites(assist.rewrite, question, first, rank);
      ranked = rewritten.ranked;
      report.rewrites = rewritten.rewrites;
    } catch (error) {
      report.failures.push(failure("rewrite", error));
    }
  }
  const count = Math.min(assist.candidates, ranked.fused.length);
  if (assist.rerank && count >= 2) {
    const ids = ranked.fused.slice(0, count).map((entry) => entry.item);
    const byId = new Map(read(ids, CANDIDATE_CHARS).map((message) => [message.id, message]));
    const candidates = ids.flatMap((id) => byId.get(id) ?? []);
    try {
      const order = await assist.rerank(question, candidates);
      ranked = { ...ranked, fused: reorderFirst(ranked.fused, order, count) };
      report.reranked = candidates.length;
    } catch (error) {
      report.failures.push(failure("rerank", error));
    }
  }
  return { ranked, report };
}
