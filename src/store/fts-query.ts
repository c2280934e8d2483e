// The words of a search and the FTS5 expressions kern builds from them (message-repo.ts runs
// them): stopwords, search terms, the OR query with speakers' names on the envelope column, a
// phrase, and the filters' SQL.
import type { SessionMessage } from "../kernel/index.js";

export interface SearchFilters {
  after?: string;
  before?: string;
  role?: SessionMessage["role"];
  session?: string;
}

/**
 * Words too common to rank by: matching them makes BM25 score most of the index (measured: a
 * 12-word question took 47 ms at 20k messages with them, 5 ms without).
 */
const STOPWORDS = new Set(
  (
    "a about after again all am an and any are as at be been before being but by can could did do " +
    "does doing for from had has have having he her here hers him his how i if in into is it its " +
    "just me more most my no nor not now of off on once only or other our ours out over own same " +
    "she should so some such than that the their theirs them then there these they this those " +
    "through to too under until up very was we were what when where which while who whom why will " +
    "with would you your yours"
  ).split(" "),
);

/** The lowercase words of free text without stopwords, in order, repeats kept. */
export function contentWords(text: string): string[] {
  return (text.toLowerCase().match(/[\p{L}\p{N}_]+/gu) ?? []).filter(
    (word) => !STOPWORDS.has(word),
  );
}

/** The search terms of free text: lowercase words without stopwords (all words if only those). */
export function searchTerms(text: string): string[] {
  const words = [...new Set(text.toLowerCase().match(/[\p{L}\p{N}_]+/gu) ?? [])];
  const meaningful = words.filter((word) => !STOPWORDS.has(word));
  return (meaningful.length > 0 ? meaningful : words).slice(0, 32);
}

/**
 * Turns free text into a safe FTS5 query: quoted terms joined by OR (BM25 ranks the overlap). A
 * term in `speakers` (a speaker's name the question uses) matches only the envelope column: who
 * said it, not who was addressed ("Thanks, Caroline" does not count for "What did Caroline say").
 */
export function toFtsQuery(text: string, speakers?: ReadonlySet<string>): string | null {
  const phrases = ftsPhrases(text, speakers);
  return phrases.length > 0 ? phrases.join(" OR ") : null;
}

/** The FTS5 phrase of each search term of free text (toFtsQuery joins them with OR). */
export function ftsPhrases(text: string, speakers?: ReadonlySet<string>): string[] {
  return searchTerms(text).map((term) =>
    speakers?.has(term) ? `{meta} : "${term}"` : `"${term}"`,
  );
}

/** The FTS5 expression of a phrase: its words in order, in the message's text. */
export function phraseMatch(text: string): string | null {
  const words = text.toLowerCase().match(/[\p{L}\p{N}_]+/gu) ?? [];
  return words.length > 0 ? `{content} : "${words.join(" ")}"` : null;
}

export function filterClauses(filters: SearchFilters = {}): { clauses: string; values: string[] } {
  const clauses: string[] = [];
  const values: string[] = [];
  if (filters.after) {
    clauses.push("AND m.ts >= ?");
    values.push(filters.after);
  }
  if (filters.before) {
    clauses.push("AND m.ts < ?");
    values.push(filters.before);
  }
  if (filters.role) {
    clauses.push("AND m.role = ?");
    values.push(filters.role);
  }
  if (filters.session) {
    clauses.push("AND m.session = ?");
    values.push(filters.session);
  }
  return { clauses: clauses.join(" "), values };
}
