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

/** Every word whose light stem is `stem`: the stem itself and the suffixed forms lightStem undoes. */
function formsOf(stem: string): string[] {
  const forms = [stem, ...["ing", "ed", "es", "s", "ly"].map((suffix) => stem + suffix)];
  if (stem.endsWith("y")) forms.push(`${stem.slice(0, -1)}ies`);
  return forms.filter((form) => lightStem(form) === stem);
}

const WORD = "[\\p{L}\\p{N}_]";

/**
 * The share (0..1) of `terms` (a question's search terms) a text holds, by light stem; 1 when
 * there are no terms. The same as stemming every word of the text, without doing it: the terms'
 * word forms are one regular expression scanned over the text (recall measures the first 100
 * candidates' heads of 3,000 characters on every search; tokenizing them cost ~12 ms at 100k).
 */
export function coverageOf(terms: readonly string[]): (text: string) => number {
  const wanted = [...new Set(terms.map(lightStem))];
  if (wanted.length === 0) return () => 1;
  const stemOfForm = new Map(
    wanted.flatMap((stem) => formsOf(stem).map((form): [string, string] => [form, stem])),
  );
  const forms = [...stemOfForm.keys()].map((form) => form.replace(/[^\p{L}\p{N}_]/gu, "\\$&"));
  const pattern = new RegExp(`(?<!${WORD})(?:${forms.join("|")})(?!${WORD})`, "gu");
  return (text) => {
    const held = new Set<string>();
    for (const [form] of text.toLowerCase().matchAll(pattern)) {
      held.add(stemOfForm.get(form) ?? form);
      if (held.size === wanted.length) break;
    }
    return held.size / wanted.length;
  };
}

/** A short message that is itself a question ("what's the status of X?"): it asks, it does not tell. */
export function isShortQuestion(text: string): boolean {
  const trimmed = text.trim();
  return trimmed.length <= 200 && trimmed.endsWith("?");
}
