// Pseudo-relevance feedback (RM3-style, Lavrenko & Croft 2001; Abdul-Jaleel et al. 2004): the
// words the lexical leg's best hits share, which the question does not hold, searched as a leg of
// their own, for questions asked in other words than the history's. A word's weight is its
// relevance-model probability over the first hits (each hit's share of their summed scores times
// the word's share of the hit's words) times how rare it is among all the candidates read (a word
// every candidate holds says nothing about the first ones). Pure.
// docs/decisions/0004-recall-ranking.md, round 19.
import { contentWords } from "../../store/index.js";
import { lightStem } from "./term-coverage.js";

export interface FeedbackOptions {
  /** The first hits read as relevant. */
  docs: number;
  /** Expansion words taken. */
  terms: number;
}

/** Shortest expansion word: shorter ones are mostly inflections and chat noise. */
const MIN_LETTERS = 4;

function wordsOf(text: string): string[] {
  return contentWords(text).filter((word) => word.length >= MIN_LETTERS && !/\d/.test(word));
}

/**
 * The expansion words, best first: held by two or more of the first `docs` hits (by `score`),
 * none a form of a question word. `texts` are every candidate's text (the first hits among them),
 * for how rare a word is among the candidates.
 */
export function feedbackTerms(
  ranked: ReadonlyArray<{ id: number; score: number }>,
  texts: ReadonlyMap<number, string>,
  questionTerms: readonly string[],
  options: FeedbackOptions,
): string[] {
  const asked = new Set(questionTerms.map(lightStem));
  const first = ranked.slice(0, options.docs).filter((hit) => texts.has(hit.id) && hit.score > 0);
  if (first.length < 2) return [];
  const total = first.reduce((sum, hit) => sum + hit.score, 0);
  const held = new Map<string, number>();
  for (const text of texts.values()) {
    for (const word of new Set(wordsOf(text))) held.set(word, (held.get(word) ?? 0) + 1);
  }
  const weight = new Map<string, number>();
  const docsHolding = new Map<string, number>();
  for (const hit of first) {
    const words = wordsOf(texts.get(hit.id) ?? "");
    if (words.length === 0) continue;
    const counts = new Map<string, number>();
    for (const word of words) counts.set(word, (counts.get(word) ?? 0) + 1);
    for (const [word, count] of counts) {
      const p = (hit.score / total) * (count / words.length);
      weight.set(word, (weight.get(word) ?? 0) + p);
      docsHolding.set(word, (docsHolding.get(word) ?? 0) + 1);
    }
  }
  const candidates = texts.size;
  return [...weight]
    .filter(([word]) => (docsHolding.get(word) ?? 0) >= 2 && !asked.has(lightStem(word)))
    .map(([word, p]): [string, number] => [
      word,
      p * Math.log((candidates + 1) / ((held.get(word) ?? 0) + 0.5)),
    ])
    .filter(([, score]) => score > 0)
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, options.terms)
    .map(([word]) => word);
}
