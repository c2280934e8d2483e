// Which query terms are common in the history: matched (in a message's text or its context field)
// by more than a share of all messages. FTS5
// scores every message that matches any term of an OR query, so a question with an everyday word
// ("day", "get", the "s" of "Portugal's") scored 15–50% of the history at 100k messages (recall's
// p95 was its FTS stage; issue 30/32). Recall may leave such terms out of the match when rarer ones
// remain (memory/recall, `commonTermShare`). A term's count is cut off at the threshold
// (`LIMIT`), so asking costs at most that many postings, and answers are cached until the history
// grows by a tenth.
import type { SqliteDatabase } from "./database.js";

interface Known {
  common: boolean;
  /** The history's size (highest message id) when counted. */
  atSize: number;
  share: number;
}

const CACHE_MAX = 5_000;

export class CommonTerms {
  private readonly known = new Map<string, Known>();

  constructor(private readonly db: SqliteDatabase) {}

  /** The terms (lowercase words, as searchTerms gives them) matched by more than `share` of messages. */
  among(terms: readonly string[], share: number): Set<string> {
    const size = this.historySize();
    const common = new Set<string>();
    if (size === 0) return common;
    const limit = Math.ceil(share * size) + 1;
    const count = this.db.prepare(
      "SELECT count(*) AS n FROM (SELECT rowid FROM messages_fts WHERE messages_fts MATCH ? LIMIT ?)",
    );
    for (const term of terms) {
      const cached = this.known.get(term);
      const fresh = cached && cached.share === share && size <= cached.atSize * 1.1;
      const isCommon = fresh
        ? cached.common
        : (count.get(`"${term.replaceAll('"', "")}"`, limit) as { n: number }).n >= limit;
      if (!fresh) this.remember(term, { common: isCommon, atSize: size, share });
      if (isCommon) common.add(term);
    }
    return common;
  }

  private historySize(): number {
    const row = this.db.prepare("SELECT max(id) AS n FROM messages").get() as { n: number | null };
    return row.n ?? 0;
  }

  private remember(term: string, known: Known): void {
    if (this.known.size >= CACHE_MAX) this.known.clear();
    this.known.set(term, known);
  }
}
