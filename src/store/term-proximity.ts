// Which messages hold a search word in their own text (content or tool calls), in id order, for
// recall's nearby-words rule (memory/recall/nearby-words.ts): a conversation names its topic once
// and then talks about it ("any news on the media conversion?" … "the codec decision for
// video-worker"), so a question in the topic's words finds the statement through its neighbours.
// The common words' index reads a word's ids when it holds the word; else one FTS5 read of them,
// bounded; no text is read. (FTS5 answers a rowid range per message, but it scans the word's
// doclist each time: 100 ranges of a word in 3,500 of 100k messages took 27 ms, its ids once
// ~0.5 ms.)
import type { SqliteDatabase } from "./database.js";
import type { WordIndex } from "./word-index.js";

/** The FTS5 expression for `term` in a message's own text (its content and tool calls). */
function ownTextMatch(term: string): string | null {
  const word = term.toLowerCase().match(/[\p{L}\p{N}_]+/u)?.[0];
  return word ? `{content tool_calls} : "${word}"` : null;
}

export class TermProximity {
  constructor(
    private readonly db: SqliteDatabase,
    private readonly words: WordIndex,
  ) {}

  /**
   * For each of `terms`, the ids of the messages whose own text holds it (as the index stems
   * it), ascending; null when more than `cap` do (a word that common is not read). The common
   * words' index answers for the words it holds (word-index.ts: ~10 ns a posting, where FTS5
   * reads ~0.5 µs a row, and stops at the cap), FTS5 for the others.
   */
  holders(terms: readonly string[], cap: number): Map<string, number[] | null> {
    const found = this.words.ownTextHolders(terms, cap);
    for (const term of terms) if (!found.has(term)) found.set(term, this.holdersInFts(term, cap));
    return found;
  }

  private holdersInFts(term: string, cap: number): number[] | null {
    const match = ownTextMatch(term);
    if (!match) return [];
    const rows = this.db
      .prepare(
        "SELECT rowid AS id FROM messages_fts WHERE messages_fts MATCH ? ORDER BY rowid LIMIT ?",
      )
      .all(match, cap + 1) as Array<{ id: number }>;
    return rows.length > cap ? null : rows.map((row) => row.id);
  }

  /** The largest message id: the number of messages, near enough for a word's rarity. */
  messageCount(): number {
    const row = this.db.prepare("SELECT MAX(id) AS n FROM messages").get() as { n: number | null };
    return row.n ?? 0;
  }
}
