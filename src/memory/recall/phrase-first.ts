// A short keyword query is a phrase ("support group", "email-proxy port"): the messages holding
// its words side by side, in its order, rank above those that hold them apart or only some of
// them (issue 31, item 9). A question ("When did Caroline go to the support group?") is not a
// phrase: it holds words a search drops. Pure. docs/decisions/0004-recall-ranking.md
import { searchTerms } from "../../store/index.js";

/** The longest query read as a phrase, in words. */
const PHRASE_MAX_WORDS = 4;

/**
 * The phrase of a query of 2 to 4 words that are all search terms (no stopword, no question
 * mark), lowercase and space-separated; null for anything else.
 */
export function phraseOf(query: string): string | null {
  if (query.includes("?")) return null;
  const words = query.toLowerCase().match(/[\p{L}\p{N}_]+/gu) ?? [];
  if (words.length < 2 || words.length > PHRASE_MAX_WORDS) return null;
  const terms = searchTerms(query);
  if (terms.length !== words.length) return null;
  return words.join(" ");
}

/**
 * `ranked` (best first, with scores) with the phrase's hits moved to the top in their own order,
 * scored above the rest so scores still read best first.
 */
export function phraseFirst(
  ranked: ReadonlyArray<{ item: number; score: number }>,
  phraseHits: readonly number[],
): Array<{ item: number; score: number }> {
  if (phraseHits.length === 0) return [...ranked];
  const top = ranked[0]?.score ?? 0;
  const first = phraseHits.map((item, index) => ({
    item,
    score: top + (phraseHits.length - index) / (phraseHits.length * 100),
  }));
  const moved = new Set(phraseHits);
  return [...first, ...ranked.filter((entry) => !moved.has(entry.item))];
}
