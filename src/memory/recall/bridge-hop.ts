// A second hop for questions one message cannot answer ("contact person for the garden shed
// build phone number"): when the best hit names part of what was asked ("the contact person for
// the garden shed build is Eskil Moravec") but not the rest ("phone number"), the names in its
// best-matching sentence bridge to the message that holds the rest ("Eskil Moravec's phone number
// is ..."). Pure: builds the follow-up query, recall runs it.
// docs/decisions/0004-recall-ranking.md
import { startsWord } from "./latest-first.js";

/** Leading letters a text word shares with a query term to count as naming it. */
const STEM = 5;
const SENTENCE = /[^.!?\n]+[.!?]?/g;
const NAME = /^\p{Lu}[\p{L}\p{N}-]*$/u;

function covers(lower: string, term: string): boolean {
  return startsWord(lower, term.slice(0, STEM));
}

/** The sentence of `text` naming the most query terms (the first on ties). */
function bestSentence(text: string, terms: readonly string[]): { sentence: string; count: number } {
  let best = { sentence: "", count: 0 };
  for (const match of text.matchAll(SENTENCE)) {
    const lower = match[0].toLowerCase();
    const count = terms.filter((term) => covers(lower, term)).length;
    if (count > best.count) best = { sentence: match[0], count };
  }
  return best;
}

/** Capitalized words inside the sentence (not its first word), possessives stripped. */
function names(sentence: string, terms: readonly string[]): string[] {
  const words = sentence.trim().split(/\s+/).slice(1);
  const found = words
    .map((word) => word.replace(/[^\p{L}\p{N}-]+$/u, "").replace(/['’]s$/u, ""))
    .filter((word) => word.length > 2 && NAME.test(word) && !terms.includes(word.toLowerCase()));
  return [...new Set(found)];
}

/**
 * The follow-up query for `text`, with the names it follows (a hit must hold one), (the best hit) and the query's `terms`, or null when the hit
 * already names every term, when its best sentence names fewer than two terms or fewer than half,
 * or when that sentence offers no name to follow.
 */
export function bridgeQuery(
  text: string,
  terms: readonly string[],
): { query: string; names: string[] } | null {
  const lower = text.toLowerCase();
  const missing = terms.filter((term) => !covers(lower, term));
  if (missing.length === 0) return null;
  const { sentence, count } = bestSentence(text, terms);
  if (count < 2 || count * 2 < terms.length) return null;
  const bridge = names(sentence, terms);
  if (bridge.length === 0) return null;
  return { query: [...bridge, ...missing].join(" "), names: bridge };
}
