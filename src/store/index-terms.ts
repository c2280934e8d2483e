// The terms messages_fts holds for a text, read in JavaScript (word-index.ts must hold exactly
// what FTS5 holds to rank exactly as its bm25() does). FTS5's tokenizer here is `porter unicode61
// remove_diacritics 2`; for ASCII text that is: runs of letters and digits, lower case, each
// through Martin Porter's stemmer (the `stemmer` package). Measured equal, token for token, on
// every ASCII text of the three recall yardsticks (bench/recall/run-token-parity.ts: 130,447
// ASCII texts of 137,921). Other text (emoji are tokens to unicode61, "µ" folds to "μ") goes through
// a scratch FTS5 table with the same tokenizer, exact by construction.
import BetterSqlite3 from "better-sqlite3";
import { stemmer } from "stemmer";
import type { SqliteDatabase } from "./database.js";
import { sqliteAddonPath } from "./sqlite-driver.js";

/** The tokenizer of messages_fts (migrations.ts). */
const FTS_TOKENIZER = "porter unicode61 remove_diacritics 2";
/** Stems kept for reuse: a history's vocabulary repeats. */
const STEM_CACHE = 200_000;

const NON_ASCII = /[^\p{ASCII}]/u;

export class IndexTerms {
  private readonly stems = new Map<string, string>();
  private scratch: SqliteDatabase | null = null;

  /** The text's terms in order, as messages_fts indexes them. */
  of(text: string | null | undefined): string[] {
    if (!text) return [];
    if (NON_ASCII.test(text)) return this.throughFts(text);
    const words = text.toLowerCase().match(/[a-z0-9]+/g) ?? [];
    return words.map((word) => this.stem(word));
  }

  close(): void {
    this.scratch?.close();
    this.scratch = null;
  }

  private stem(word: string): string {
    let stem = this.stems.get(word);
    if (stem === undefined) {
      stem = stemmer(word);
      if (this.stems.size >= STEM_CACHE) this.stems.clear();
      this.stems.set(word, stem);
    }
    return stem;
  }

  private throughFts(text: string): string[] {
    if (!this.scratch) {
      this.scratch = new BetterSqlite3(":memory:", { nativeBinding: sqliteAddonPath() });
      this.scratch.exec(`CREATE VIRTUAL TABLE t USING fts5(body, tokenize='${FTS_TOKENIZER}');
        CREATE VIRTUAL TABLE v USING fts5vocab(t, instance);`);
    }
    const db = this.scratch;
    db.prepare("INSERT INTO t (rowid, body) VALUES (1, ?)").run(text);
    const terms = db.prepare("SELECT term FROM v ORDER BY offset").pluck().all() as string[];
    db.exec("DELETE FROM t");
    return terms;
  }
}
