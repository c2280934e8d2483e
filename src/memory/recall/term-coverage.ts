// How many of a question's words a message holds. BM25's length normalisation and the `local`
// embedder's cosine both favour short texts that repeat one or two of the words; a long message
// that holds all of them is the likelier answer ("email-campaigns drill date": the report of the
// drill, not three copies of "what's the status of email-campaigns?"). Words are compared by a
// light stem (plural, past, -ing) so "drills" covers "drill". Pure.
// docs/decisions/0004-recall-ranking.md

/** A light stem: lowercase, common English suffixes off (no dictionary; both sides alike). */
export function lightStem(word: string): string {
  const w = word.toLowerCase();
  if (w.length <= 4) return w;
  for (const [suffix, keep] of [
    ["ies", "y"],
    ["ing", ""],
    ["ed", ""],
    ["es", ""],
    ["s", ""],
    ["ly", ""],
  ] as const) {
    if (w.endsWith(suffix) && w.length - suffix.length >= 3)
      return w.slice(0, -suffix.length) + keep;
  }
  return w;
}

/** The light stems of a text's words. */
function stemsOf(text: string): Set<string> {
  return new Set((text.toLowerCase().match(/[\p{L}\p{N}_]+/gu) ?? []).map(lightStem));
}

/**
 * The share (0..1) of `terms` (a question's search terms) a text holds, by light stem; 1 when
 * there are no terms. The terms are stemmed once, for every text measured after.
 */
export function coverageOf(terms: readonly string[]): (text: string) => number {
  const wanted = [...new Set(terms.map(lightStem))];
  if (wanted.length === 0) return () => 1;
  return (text) => {
    const held = stemsOf(text);
    return wanted.filter((stem) => held.has(stem)).length / wanted.length;
  };
}

/** A short message that is itself a question ("what's the status of X?"): it asks, it does not tell. */
export function isShortQuestion(text: string): boolean {
  const trimmed = text.trim();
  return trimmed.length <= 200 && trimmed.endsWith("?");
}
