// The legs beside the lexical and vector ones, each off unless its tuning turns it on: meaning
// (meaning-index.ts), feedback words (feedback-terms.ts), the days a question names
// (question-dates.ts) and a short keyword query as a phrase (phrase-first.ts). Each returns
// message ids, best first, for fusion. Reads the index only.
import { searchTerms } from "../../store/index.js";
import { messageText } from "../text/message-text.js";
import { feedbackTerms } from "./feedback-terms.js";
import { headCoverage, type ScoredHit } from "./lexical-rescore.js";
import { meaningIndexOf, searchesByMeaning } from "./meaning-index.js";
import { phraseOf } from "./phrase-first.js";
import { questionTimes } from "./question-dates.js";
import type { RecallTuning } from "./recall-tuning.js";
import type { LexicalLeg, RecallDependencies, RecallOptions } from "./recall-types.js";

/** Hits the dated leg takes from each day a question names. */
const DATED_HITS = 20;
/** Phrase hits taken (phrase-first.ts). */
const PHRASE_HITS = 20;

/**
 * The meaning leg (meaning-index.ts): with the `local` embedder, the newest messages nearest the
 * question in meaning, best first; none without a lexical hit (nothing shares a word or a synonym
 * with the question: no close match), with filters, when the question names a speaker or asks
 * when, when the best lexical hit holds every word, or when the tuning turns it off.
 */
export function meaningRanking(
  deps: RecallDependencies,
  options: RecallOptions,
  leg: LexicalLeg,
  tuning: RecallTuning,
): number[] {
  const { size, k } = tuning.meaningLeg;
  // Weighted 0 (off, or with `byMissing` a best hit holding every word) the leg would add nothing.
  if (meaningWeight(leg, tuning) <= 0 || leg.fts.length === 0 || options.filters) return [];
  if (!searchesByMeaning(deps.embedder.fingerprint, tuning)) return [];
  // As the `local` leg does: a speaker's name is read as a word (unless `whoSaid` takes the
  // names out and keeps to their messages), a date is in no bag of words, and a best hit
  // holding every word leaves nothing for meaning to find.
  const named = leg.speakers.size > 0;
  if ((named && !tuning.meaningLeg.whoSaid) || leg.asksWhen) return [];
  if (leg.terms.length >= 2 && (headCoverage(leg.fts[0], leg.heads, leg.terms) ?? 0) >= 1)
    return [];
  const index = meaningIndexOf(deps.store, size, deps.meaning);
  const { hubness, hubPool } = tuning.meaningLeg;
  if (!named) return index.nearest(options.query, k, undefined, hubness, hubPool);
  const words = withoutNames(options.query, leg.speakers);
  return index.nearest(words, k, leg.speakers, hubness, hubPool);
}

/** The question without the words that name its speakers (and their possessive 's). */
export function withoutNames(question: string, speakers: ReadonlySet<string>): string {
  return question.replace(/[\p{L}\p{N}]+(?:['’]s\b)?/gu, (word) =>
    speakers.has(searchTerms(word)[0] ?? "") ? " " : word,
  );
}

/**
 * The meaning leg's weight in fusion: `weight`, or, with `byMissing`, `weight` times the share of
 * the question's words the best lexical hit lacks: meaning counts as much as words fail.
 */
export function meaningWeight(leg: LexicalLeg, tuning: RecallTuning): number {
  const { weight, byMissing } = tuning.meaningLeg;
  return byMissing ? weight * missingShare(leg) : weight;
}

/** The share of the question's words the best lexical hit lacks (1 with no words). */
export function missingShare(leg: LexicalLeg): number {
  if (leg.terms.length === 0) return 1;
  return 1 - (headCoverage(leg.fts[0], leg.heads, leg.terms) ?? 0);
}

/**
 * The stride of keep-places.ts for the meaning leg: the tuning's, or with `missing` as many
 * places as the words miss, 1 / (1 − missingShare): none while the best hit holds every word,
 * every other when it holds half, no bound when it holds none; with `plus-missing`,
 * 1 + missingShare: none while the best hit holds every word, every other when it holds none.
 */
export function meaningStride(leg: LexicalLeg, tuning: RecallTuning): number {
  const { keepPlaces } = tuning.meaningLeg;
  if (keepPlaces === "plus-missing") return 1 + missingShare(leg);
  if (keepPlaces !== "missing") return keepPlaces;
  const held = 1 - missingShare(leg);
  return held > 0 ? 1 / held : Number.POSITIVE_INFINITY;
}

/**
 * The feedback leg (feedback-terms.ts): the words the lexical leg's first hits share that the
 * question lacks, searched on their own, best first; none when the tuning turns it off.
 */
export function feedbackRanking(
  deps: RecallDependencies,
  options: RecallOptions,
  scored: readonly ScoredHit[],
  leg: LexicalLeg,
  tuning: RecallTuning,
): number[] {
  if (tuning.feedback.weight <= 0 || scored.length === 0) return [];
  const texts = new Map(leg.heads.map((head) => [head.id, messageText(head)]));
  const words = feedbackTerms(scored, texts, leg.terms, tuning.feedback);
  if (words.length === 0) return [];
  return deps.store.messages
    .search(words.join(" "), {
      k: tuning.ftsCandidates,
      weights: tuning.fields,
      ...(options.filters ? { filters: options.filters } : {}),
    })
    .map((hit) => hit.id);
}

/**
 * The dated leg, best first: the lexical query's hits among the messages of the days the question
 * names (question-dates.ts); none when it names none or the caller filters already.
 */
export function datedRanking(
  deps: RecallDependencies,
  options: RecallOptions,
  match: string,
  speakers: ReadonlySet<string>,
  tuning: RecallTuning,
): number[] {
  if (tuning.dated.weight <= 0 || options.filters) return [];
  const { daysAfter, months, relative } = tuning.dated;
  const now = relative ? options.now : undefined;
  return questionTimes(options.query, { daysAfter, months, ...(now ? { now } : {}) }).flatMap(
    (span) =>
      deps.store.messages
        .search(match, { k: DATED_HITS, weights: tuning.fields, speakers, filters: span })
        .map((hit) => hit.id),
  );
}

/** The hits holding a short keyword query as a phrase (phrase-first.ts), best first. */
export function phraseRanking(
  deps: RecallDependencies,
  options: RecallOptions,
  tuning: RecallTuning,
): number[] {
  const phrase = tuning.phraseFirst ? phraseOf(options.query) : null;
  if (!phrase) return [];
  return deps.store.messages
    .search(phrase, {
      k: PHRASE_HITS,
      phrase: true,
      weights: tuning.fields,
      ...(options.filters ? { filters: options.filters } : {}),
    })
    .map((hit) => hit.id);
}
