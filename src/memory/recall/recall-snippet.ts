// Snippets for recall results, built from the message text around the first query term, with
// matched terms in [brackets] (the web UI turns those into highlights). Pure; cheap, unlike
// FTS5's snippet() which re-reads every candidate.
import { safeSlice } from "../text/truncate-text.js";

const SNIPPET_CHARS = 240;

/** `text` as a literal inside a RegExp. */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** ~240 characters of `text` around the first term found, terms bracketed; the start if none. */
export function recallSnippet(text: string, terms: readonly string[]): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (terms.length === 0)
    return flat.length > SNIPPET_CHARS ? `${safeSlice(flat, 0, SNIPPET_CHARS)} …` : flat;
  const pattern = new RegExp(
    `(?<![\\p{L}\\p{N}_])(${terms.map(escapeRegExp).join("|")})(?![\\p{L}\\p{N}_])`,
    "giu",
  );
  const first = flat.search(pattern);
  const start = first <= 60 ? 0 : first - 60;
  const end = Math.min(flat.length, start + SNIPPET_CHARS);
  const window = safeSlice(flat, start, end);
  const marked = window.replace(pattern, "[$1]");
  return `${start > 0 ? "… " : ""}${marked}${end < flat.length ? " …" : ""}`;
}
