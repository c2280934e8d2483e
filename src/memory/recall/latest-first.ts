// Knowledge that changed (issue 12, item 7): when several candidates name everything the query
// names ("dependabot replica count"), they state the same subject, and the newest statement
// ranks first. Only their order among themselves changes: they keep the places the ranking gave
// them, newest in the best place. Pure.
// docs/decisions/0004-recall-ranking.md

/** Words that ask for an earlier state of something ("before I changed it", "my previous"). */
const EARLIER_WORDS = [
  "before",
  "previous",
  "previously",
  "used to",
  "originally",
  "initially",
  "at first",
  "formerly",
  "did\\s+\\p{L}+\\s+use\\s+to",
].join("|");
const EARLIER = new RegExp(`(?:^|[^\\p{L}])(?:${EARLIER_WORDS})(?![\\p{L}])`, "iu");

/** True when the question asks for an earlier state ("before I changed it", "my previous"). */
export function asksForEarlier(query: string): boolean {
  return EARLIER.test(query);
}

/**
 * Words that ask for the newest state ("the current timeout", "where do I live now"): they name
 * no part of the subject, so a statement of it need not hold them.
 */
const NOW_WORDS = new Set(["current", "currently", "latest", "now", "still", "today"]);

/** The query terms a statement of the subject must hold: all but the words asking for "now". */
export function subjectTerms(terms: readonly string[]): string[] {
  return terms.filter((term) => !NOW_WORDS.has(term));
}

/** A word of the text matches a query term when both share this many leading letters. */
const STEM = 5;

const WORD_CHAR = /[\p{L}\p{N}_]/u;

/** True when `key` occurs in `text` at the start of a word (and, if `whole`, ends one). */
function startsWord(text: string, key: string, whole = false): boolean {
  for (let at = text.indexOf(key); at !== -1; at = text.indexOf(key, at + 1)) {
    if (at > 0 && WORD_CHAR.test(text.charAt(at - 1))) continue;
    if (!whole || !WORD_CHAR.test(text.charAt(at + key.length) || " ")) return true;
    // A short word may take a plural or possessive ending: "car" names "cars", "car's".
    if (/^(?:s|es|'s)(?![\p{L}\p{N}_])/u.test(text.slice(at + key.length))) return true;
  }
  return false;
}

/**
 * True when every query term (at least two) names a word of `text`: a term of at least five
 * letters by its first five (`replica` matches `replicas`), a shorter one as a whole word, with
 * a plural or possessive ending (`car` matches `car's`, not `cart`). `terms` are lowercase.
 */
export function namesWholeSubject(text: string, terms: readonly string[]): boolean {
  if (terms.length < 2) return false;
  const lower = text.toLowerCase();
  return terms.every((term) =>
    term.length >= STEM ? startsWord(lower, term.slice(0, STEM)) : startsWord(lower, term, true),
  );
}

/**
 * Re-orders `ranked` (best first) so that among the entries `sameSubject` accepts, the newest
 * (largest `order`) takes the best of their places. Other entries stay where they are.
 */
export function latestFirst<T>(
  ranked: readonly T[],
  sameSubject: (entry: T) => boolean,
  order: (entry: T) => number,
): T[] {
  const places: number[] = [];
  const members: T[] = [];
  ranked.forEach((entry, index) => {
    if (!sameSubject(entry)) return;
    places.push(index);
    members.push(entry);
  });
  if (members.length < 2) return [...ranked];
  members.sort((a, b) => order(b) - order(a));
  const result = [...ranked];
  places.forEach((place, index) => {
    result[place] = members[index] as T;
  });
  return result;
}
