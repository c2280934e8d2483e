// The passage of a recall hit that answers its query best: the sentence that names the most query
// words, widened by its neighbours up to a character budget. autoRecall's <recall> block carries
// these instead of 240-character snippets around the first matched word (issue 15): a short
// verbatim answer ("the Sunday farmers' market on Elm Street") sits in the sentence that matches
// the question, often far from the message's first matched word. Pure.
import { safeSlice } from "../text/truncate-text.js";
import { escapeRegExp } from "./recall-snippet.js";

/** A query word this long or longer also matches longer forms of itself ("recommend-ed"). */
const PREFIX_MATCH_LENGTH = 5;
/** Room below this many characters is not worth a cut piece of what followed. */
const MIN_FOLLOWING_CHARS = 80;

function termPatterns(terms: readonly string[]): RegExp[] {
  return terms.map((term) => {
    const tail = term.length >= PREFIX_MATCH_LENGTH ? "[\\p{L}\\p{N}_]*" : "";
    return new RegExp(`(?<![\\p{L}\\p{N}_])${escapeRegExp(term)}${tail}(?![\\p{L}\\p{N}_])`, "iu");
  });
}

/** Sentences and lines of `text`, whitespace folded; empty ones dropped. */
function sentences(text: string): string[] {
  return text
    .split(/\n+|(?<=[.!?])\s+/)
    .map((part) => part.replace(/\s+/g, " ").trim())
    .filter((part) => part.length > 0);
}

/**
 * The best passage of `text` for `terms` (lowercase query words), at most `maxChars` characters
 * plus "… " marks where it was cut: the sentence naming the most distinct terms (the first such),
 * then its neighbours, the next one first, while they fit. A sentence longer than the budget is
 * cut around its first matched term. Text within the budget is returned whole, folded, and the
 * room it leaves is filled with the head of `following` (what was said next: the reply to a
 * question that matched, the move after the one named).
 */
export function recallPassage(
  text: string,
  terms: readonly string[],
  maxChars: number,
  following = "",
): string {
  const parts = sentences(text);
  const whole = parts.join(" ");
  if (whole.length <= maxChars) return withFollowing(whole, following, maxChars);
  const patterns = termPatterns(terms);
  let best = 0;
  let bestScore = -1;
  parts.forEach((part, index) => {
    const score = patterns.filter((pattern) => pattern.test(part)).length;
    if (score > bestScore) [best, bestScore] = [index, score];
  });
  const center = parts[best] ?? "";
  if (center.length >= maxChars) {
    const hits = patterns.map((pattern) => center.search(pattern)).filter((at) => at >= 0);
    const start = Math.max(0, Math.min(...hits, center.length) - Math.floor(maxChars / 4));
    const cut = safeSlice(center, start, start + maxChars);
    return `${start > 0 ? "… " : ""}${cut}${start + maxChars < center.length ? " …" : ""}`;
  }
  let [first, last] = [best, best];
  let length = center.length;
  for (let grew = true; grew; ) {
    grew = false;
    for (const index of [last + 1, first - 1]) {
      const part = parts[index];
      if (part === undefined || length + 1 + part.length > maxChars) continue;
      length += 1 + part.length;
      if (index > last) last = index;
      else first = index;
      grew = true;
    }
  }
  const passage = parts.slice(first, last + 1).join(" ");
  return `${first > 0 ? "… " : ""}${passage}${last < parts.length - 1 ? " …" : ""}`;
}

/** `passage`, then as much of `following` (folded) as fits in `maxChars`, "…" where cut. */
function withFollowing(passage: string, following: string, maxChars: number): string {
  const next = sentences(following).join(" ");
  const room = maxChars - passage.length - 1;
  if (next.length === 0 || room < MIN_FOLLOWING_CHARS) return passage;
  if (next.length <= room) return `${passage} ${next}`;
  return `${passage} ${safeSlice(next, 0, room)} …`;
}
