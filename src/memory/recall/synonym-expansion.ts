// Words the user chose differently from the history (issue 12: "how many copies" for "replica
// count", "a new permit to drive" for "driving licence renewal"): a question word that no message
// uses cannot match anything, so recall searches once more with that word's WordNet synonyms that
// the history does use. Words the history uses are never expanded, so a question asked in the
// history's own words ranks as before (LongMemEval: no question lost). The synonyms ship with kern
// (data/word-synonyms/, derived by scripts/build-word-synonyms.ts); nothing is downloaded.
// docs/decisions/0004-recall-ranking.md
import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { packageFile } from "../../kernel/index.js";

const SYNONYMS_FILE = packageFile("data", "word-synonyms", "wordnet-synonyms.txt.gz");

/** Synonyms of one unused word that join the query, at most (the closest in meaning first). */
const SYNONYMS_PER_WORD = 3;

/** A word's synonyms, closest in meaning first (empty when it has none). */
export type Synonyms = (word: string) => readonly string[];

/**
 * The table of scripts/build-word-synonyms.ts ("word synonym …" lines, gzip). A word's line is
 * found when it is asked for, not parsed up front: recall asks for a few question words, and
 * splitting all 7,800 lines was ~15 ms of every `kern recall` without a daemon (issue 32). Same
 * answers as a map of every line (a later line for the same word wins, as it did).
 */
export function parseSynonyms(gzipped: Buffer): Synonyms {
  const text = `\n${gunzipSync(gzipped).toString("utf8")}`;
  const found = new Map<string, readonly string[]>();
  return (word) => {
    let synonyms = found.get(word);
    if (!synonyms) {
      synonyms = findLine(text, word);
      found.set(word, synonyms);
    }
    return synonyms;
  };
}

/** The synonyms on `word`'s last line in `text` (lines after a leading "\n"), or none. */
function findLine(text: string, word: string): readonly string[] {
  if (word === "" || word.includes(" ") || word.includes("\n")) return [];
  const start = text.lastIndexOf(`\n${word} `);
  if (start < 0) return [];
  const end = text.indexOf("\n", start + 1);
  return text.slice(start + word.length + 2, end < 0 ? text.length : end).split(" ");
}

let shipped: Synonyms | undefined;

/** The table shipped with kern, read on first use (~90 KB). */
export function shippedSynonyms(): Synonyms {
  shipped ??= parseSynonyms(readFileSync(SYNONYMS_FILE));
  return shipped;
}

/** Plural, past and -ing endings removed (WordNet lists base forms): "copies" -> "copy". */
const ENDINGS: ReadonlyArray<readonly [string, string]> = [
  ["ies", "y"],
  ["es", ""],
  ["s", ""],
  ["ing", ""],
  ["ing", "e"],
  ["ed", ""],
  ["ed", "e"],
];

/** `word` and the base forms it may have, most likely first. Pure. */
export function baseForms(word: string): string[] {
  const forms = [word];
  for (const [ending, replacement] of ENDINGS) {
    if (word.endsWith(ending) && word.length > ending.length + 2)
      forms.push(word.slice(0, -ending.length) + replacement);
  }
  return forms;
}

/**
 * The query's terms plus, for each term no message uses, up to three of its synonyms that some
 * message uses; null when no term was replaced (the search would be FTS's own). `usesTerm` asks
 * the index.
 */
export function synonymQuery(
  terms: readonly string[],
  usesTerm: (term: string) => boolean,
  synonyms: Synonyms,
): string | null {
  const added: string[] = [];
  for (const term of terms) {
    if (!/^\p{L}+$/u.test(term) || usesTerm(term)) continue;
    const base = baseForms(term).find((form) => synonyms(form).length > 0);
    const used = (base ? synonyms(base) : []).filter(
      (synonym) => !terms.includes(synonym) && !added.includes(synonym) && usesTerm(synonym),
    );
    added.push(...used.slice(0, SYNONYMS_PER_WORD));
  }
  return added.length > 0 ? [...terms, ...added].join(" ") : null;
}
