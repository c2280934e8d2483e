// Hybrid recall over every session (SPEC §6): FTS5 BM25 (with the synonyms of question words no
// message uses) and vectors (with the `local` embedder, the FTS candidates re-ordered by words and
// meaning; with a model, a KNN), words said around a hit counting for it when no hit holds the
// question's words together (nearby-words.ts), the hits of a day the question names
// (question-dates.ts), fused by weighted reciprocal rank; the newest statement of a subject first; a result is the matching
// message, one per turn; with the `local` embedder nothing without a query word (or a synonym of
// one) is a match. Reads the index only.
// docs/decisions/0004-recall-ranking.md
import type { RecallReport, RecallStats } from "../../kernel/index.js";
import { type AgentStore, type IndexedMessage, searchTerms } from "../../store/index.js";
import { isLexicalEmbedder } from "../embeddings/embedder.js";
import { withAnswerCues } from "./answer-cues.js";
import { keepPlaces } from "./keep-places.js";
import { byCoverage, contextRerank, headCoverage, wordsAreApart } from "./lexical-rescore.js";
import { withNearbyWords } from "./nearby-words.js";
import { phraseFirst } from "./phrase-first.js";
import { assistRanking } from "./recall-assist.js";
import { fuseRankings } from "./recall-fusion.js";
import { buildReport, type Ranked } from "./recall-report.js";
import { DEFAULT_RECALL_TUNING, type RecallTuning } from "./recall-tuning.js";
import { withSegmentWords } from "./segment-expansion.js";
import { aliasOf } from "./speaker-aliases.js";
import { speakerWeights } from "./speaker-prior.js";
import { shippedSynonyms, synonymQuery } from "./synonym-expansion.js";
import { HEAD_CHARS, scoreByVector } from "./vector-rerank.js";

export { DEFAULT_RECALL_TUNING, type RecallTuning } from "./recall-tuning.js";
export type { RecallDependencies, RecallFilters, RecallOptions } from "./recall-types.js";

import {
  datedRanking,
  feedbackRanking,
  meaningRanking,
  meaningStride,
  meaningWeight,
  phraseRanking,
} from "./recall-side-legs.js";
import type {
  LexicalLeg,
  RecallDependencies,
  RecallFilters,
  RecallOptions,
} from "./recall-types.js";

/** Vector candidates taken before fusion. */
const CANDIDATES = 50;

/**
 * The vector leg's weight in fusion. The built-in `local` embedder hashes words: it is a second
 * lexical ranker, so it may only re-order FTS hits and add near-duplicates, never outvote FTS.
 * A model embedder carries meaning and counts as much as FTS.
 */
export function vectorLegWeight(
  fingerprint: string,
  tuning: RecallTuning = DEFAULT_RECALL_TUNING,
): number {
  return isLexicalEmbedder(fingerprint) ? tuning.lexicalVectorWeight : tuning.semanticVectorWeight;
}

function matchesFilters(message: IndexedMessage, filters: RecallFilters | undefined): boolean {
  if (!filters) return true;
  if (filters.after && message.ts < filters.after) return false;
  if (filters.before && message.ts >= filters.before) return false;
  if (filters.role && message.role !== filters.role) return false;
  if (filters.session && message.session !== filters.session) return false;
  return true;
}

async function vectorRanking(deps: RecallDependencies, options: RecallOptions): Promise<number[]> {
  if (deps.store.vectors.isEmpty()) return [];
  const [vector] = await deps.embedder.embed([options.query]);
  if (!vector || vector.every((value) => value === 0)) return [];
  // A process that has not embedded yet (a CLI command) must open the table for this embedder.
  deps.store.vectors.ensure({
    fingerprint: deps.embedder.fingerprint,
    dimensions: vector.length,
    searched: true,
  });
  const wanted = options.filters ? CANDIDATES * 4 : CANDIDATES;
  const hits = deps.store.vectors
    .nearest(vector, wanted)
    .filter((hit) => typeof hit.distance === "number");
  if (!options.filters) return hits.map((hit) => hit.id);
  const allowed = new Set(
    deps.store.messages
      .byIds(hits.map((hit) => hit.id))
      .filter((message) => matchesFilters(message, options.filters))
      .map((message) => message.id),
  );
  return hits
    .filter((hit) => allowed.has(hit.id))
    .map((hit) => hit.id)
    .slice(0, CANDIDATES);
}

/**
 * The question's capitalised words that name a speaker (lowercase), for the lexical leg, and the
 * question with each name it uses for a speaker other than the messages' own (speaker-aliases.ts,
 * when the tuning says) put as the messages name them.
 */
function readSpeakers(
  deps: RecallDependencies,
  query: string,
  tuning: RecallTuning,
): { speakers: Set<string>; question: string } {
  const speakers = new Set<string>();
  if (!tuning.speakerNames) return { speakers, question: query };
  let question = query;
  for (const word of query.match(/\p{Lu}[\p{L}\p{N}]+/gu) ?? []) {
    const term = word.toLowerCase();
    if (searchTerms(term)[0] !== term) continue;
    if (deps.store.messages.namesSpeaker(term)) {
      speakers.add(term);
      continue;
    }
    const alias = tuning.speakerAliases ? aliasOf(deps.store, word) : undefined;
    const [name] = alias ? searchTerms(alias) : [];
    if (name && deps.store.messages.namesSpeaker(name)) {
      speakers.add(name);
      question = question.replace(new RegExp(`\\b${word}\\b`, "gu"), alias ?? word);
    }
  }
  return { speakers, question };
}

/**
 * The lexical leg's query: the question, its answer cues ("why": "because", answer-cues.ts), and
 * the synonyms the history uses of its words that no message uses (synonym-expansion.ts); each
 * as the tuning says.
 */
function lexicalQuery(deps: RecallDependencies, query: string, tuning: RecallTuning): string {
  const cued = tuning.answerCues ? withAnswerCues(query) : query;
  if (!tuning.synonyms) return cued;
  const usesTerm = (term: string) => deps.store.messages.usesTerm(term);
  return synonymQuery(searchTerms(cued), usesTerm, deps.synonyms ?? shippedSynonyms()) ?? cued;
}

/** Each leg's ranking of message ids (best first) and their fusion, before results are built. */
export interface RecallLegs {
  fts: number[];
  vectors: number[];
  fused: number[];
}

/** The lexical leg: FTS hits re-scored (coverage, nearby words, speaker, age), best first. */
function lexicalLeg(deps: RecallDependencies, options: RecallOptions, tuning: RecallTuning) {
  const { speakers, question } = readSpeakers(deps, options.query, tuning);
  const match = lexicalQuery(deps, question, tuning);
  const hits = deps.store.messages.search(match, {
    k: tuning.ftsCandidates,
    weights: tuning.fields,
    speakers,
    ...(options.filters ? { filters: options.filters } : {}),
  });
  const roleWeight = speakerWeights(options.query, tuning.speaker);
  const terms = searchTerms(question).filter((term) => !speakers.has(term));
  const ids = hits.map((hit) => hit.id);
  const heads = hits.length > 0 ? deps.store.messages.headsByIds(ids, HEAD_CHARS) : [];
  const covered = byCoverage(hits, heads, terms, tuning);
  const apart = wordsAreApart(covered, heads, terms, tuning.nearby.belowCoverage);
  const near = apart
    ? withNearbyWords(deps.store.messages.proximity, covered, terms, tuning.nearby)
    : { hits: covered, lifted: new Set<number>() };
  const reranked = contextRerank(near.hits, roleWeight, tuning.recency);
  const scored = withSegmentWords(deps.store, reranked, { heads, terms, apart }, tuning);
  const asksWhen = ASKS_FOR_A_TIME.test(options.query);
  const fts = scored.map((hit) => hit.id);
  const leg = { fts, heads, terms, roleWeight, speakers, lifted: near.lifted, asksWhen };
  return { leg, scored, match };
}

/** The two legs and their weighted fusion, best first. */
async function rankMessages(deps: RecallDependencies, options: RecallOptions): Promise<Ranked> {
  const tuning = options.tuning ?? DEFAULT_RECALL_TUNING;
  const { leg, scored, match } = lexicalLeg(deps, options, tuning);
  const vectors = await vectorLeg(deps, options, leg, tuning);
  const dated = datedRanking(deps, options, match, leg.speakers, tuning);
  const feedback = feedbackRanking(deps, options, scored, leg, tuning);
  const meaning = meaningRanking(deps, options, leg, tuning);
  const weights = [
    1,
    vectorLegWeight(deps.embedder.fingerprint, tuning),
    tuning.dated.weight,
    tuning.feedback.weight,
    meaningWeight(leg, tuning),
  ];
  const legs = [leg.fts, vectors.map((entry) => entry.id), dated, feedback, meaning];
  const all = fuseRankings(legs, tuning.rrfK, weights);
  // The meaning leg may take at most every `keepPlaces`-th place from the others (keep-places.ts).
  const stride = meaningStride(leg, tuning);
  const fused =
    stride >= 1 && Number.isFinite(stride) && meaning.length > 0
      ? keepPlaces(
          all,
          fuseRankings(legs.slice(0, -1), tuning.rrfK, weights).map((entry) => entry.item),
          stride,
        )
      : all;
  const phrase = phraseRanking(deps, options, tuning);
  return {
    fts: leg.fts,
    vectors: vectors.map((entry) => entry.id),
    fused: phraseFirst(fused, phrase),
    speakers: leg.speakers,
    phrase: new Set(phrase),
  };
}

const ASKS_FOR_A_TIME = /\b(?:when|(?:what|which) (?:day|date|time|year|month))\b/i;

/**
 * Whether the `local` vector leg stays out of this search: the question names a speaker or asks
 * when (tuning.vectorsOnWhen: the answer is a date), one of the backbone's first hits owes
 * its place to words around it (nearby-words.ts: its own text, which the
 * leg compares, lacks them), or it holds too few of the question's words
 * (tuning.vectorMinCoverage) or all of them (vectorMaxCoverage: the same bag of words can
 * only re-order by length).
 */
function localLegAbstains(leg: LexicalLeg, tuning: RecallTuning): boolean {
  if (leg.speakers.size > 0 && !tuning.vectorsWhenSpeakerNamed) return true;
  if (leg.asksWhen && !tuning.vectorsOnWhen) return true;
  const first = leg.fts[0];
  const { vectorsAbstain, abstainWithin } = tuning.nearby;
  if (vectorsAbstain && leg.fts.slice(0, abstainWithin).some((id) => leg.lifted.has(id))) {
    return true;
  }
  const least = tuning.vectorMinCoverage;
  if (leg.terms.length < 2) return false;
  const share = headCoverage(first, leg.heads, leg.terms);
  if (share === undefined) return false;
  return (least > 0 && share < least) || share >= tuning.vectorMaxCoverage;
}

/**
 * The vector leg, best first: with the `local` embedder the FTS candidates re-ordered by
 * similarity (abstaining when the question names a speaker); with a model, its nearest messages
 * (similarity 0: fused by rank only).
 */
async function vectorLeg(
  deps: RecallDependencies,
  options: RecallOptions,
  leg: LexicalLeg,
  tuning: RecallTuning,
): Promise<Array<{ id: number; similarity: number }>> {
  // A lexical embedder finds nothing FTS misses except hash collisions (`zebra giraffe` would
  // "match" anything): its leg only re-orders FTS hits, so no FTS hit means no close match.
  if (!isLexicalEmbedder(deps.embedder.fingerprint)) {
    return (await vectorRanking(deps, options)).map((id) => ({ id, similarity: 0 }));
  }
  if (localLegAbstains(leg, tuning)) return [];
  return scoreByVector(deps, options.query, leg.fts, {
    meaning: tuning.meaning,
    commonComponent: tuning.commonComponent,
    keep: tuning.vectorKeep,
    roleWeight: leg.roleWeight,
    heads: leg.heads,
  });
}

/** The legs of one search, for measuring them apart (npm run bench). */
export async function recallLegs(
  deps: RecallDependencies,
  options: RecallOptions,
): Promise<RecallLegs> {
  const { fts, vectors, fused } = await rankMessages(deps, options);
  const k = Math.max(1, Math.floor(options.k));
  return {
    fts: fts.slice(0, k),
    vectors: vectors.slice(0, k),
    fused: fused.slice(0, k).map((entry) => entry.item),
  };
}

/**
 * Searches all sessions. A result is the matching message (`seqEnd = seqStart + 1`; expand reads
 * around it), best first, at most `k`, at most one per turn; `score` is the fused RRF score
 * (results naming the same subject are ordered newest first and take the scores of the places
 * they took, so scores read best first); `speaker` is who said it. No result means no close match: no FTS hit (synonyms of unused words included) and,
 * with a model embedder, no vector hit. Rejects only
 * when the embedder is unreachable (remote embeddings).
 */
export async function recall(
  deps: RecallDependencies,
  options: RecallOptions,
): Promise<RecallReport> {
  return (await recallWithLegs(deps, options)).report;
}

/** recall's report and the legs it came from (one search), for measuring them apart. */
export async function recallWithLegs(
  deps: RecallDependencies,
  options: RecallOptions,
): Promise<{ report: RecallReport; legs: RecallLegs }> {
  const k = Math.max(1, Math.floor(options.k));
  const first = await rankMessages(deps, options);
  const assisted = deps.assist
    ? await assistRanking(
        deps.assist,
        options.query,
        first,
        (query) => rankMessages(deps, { ...options, query }),
        (ids, chars) => deps.store.messages.headsByIds(ids, chars),
      )
    : null;
  const ranked = assisted?.ranked ?? first;
  const legs = {
    fts: ranked.fts.slice(0, k),
    vectors: ranked.vectors.slice(0, k),
    fused: ranked.fused.slice(0, k).map((entry) => entry.item),
  };
  const tuning = options.tuning ?? DEFAULT_RECALL_TUNING;
  const report = buildReport(deps.store, options.query, ranked, k, tuning);
  return { report: assisted ? { ...report, assist: assisted.report } : report, legs };
}

/** What recall searches: indexed messages, sessions, vectors and the date range. */
export function recallStats(store: AgentStore): RecallStats {
  const totals = store.messages.totals();
  return { ...totals, vectors: store.vectors.count() };
}
