// FTS5's own row count and token total, which its bm25() scores with: the common words' index
// (word-index.ts) checks itself against them before it answers.
import type { SqliteDatabase } from "./database.js";
import { COLUMNS } from "./word-postings.js";

/**
 * FTS5's own row count and token total (all columns), from its averages record (id 1 of
 * messages_fts_data: SQLite varints, the row count then each column's tokens); null if unread.
 */
export function ftsTotals(db: SqliteDatabase): { rows: number; tokens: number } | null {
  const block = db.prepare("SELECT block FROM messages_fts_data WHERE id = 1").pluck().get() as
    | Uint8Array
    | undefined;
  if (!block) return null;
  const values: number[] = [];
  let at = 0;
  while (at < block.length) {
    let value = 0;
    let byte = 0;
    do {
      byte = block[at++] ?? 0;
      value = value * 128 + (byte & 0x7f);
    } while (byte & 0x80 && at < block.length);
    values.push(value);
  }
  const [rows, ...columns] = values;
  if (rows === undefined || columns.length !== COLUMNS) return null;
  return { rows, tokens: columns.reduce((sum, value) => sum + value, 0) };
}
