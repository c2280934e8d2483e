// The index checked against the log of the active session on every open (SG-12: the log is the
// truth, kern.db is derived). An index ahead of the log (a log restored from a backup, zeroed by
// a power loss) or with holes inside the log's range would silently drop new messages (their seq
// is already taken) or hide old ones from the model: such an index is rebuilt, never the log.
import type { SqliteDatabase } from "./database.js";

export interface IndexMismatch {
  kind: "index-ahead" | "index-gaps";
  /** Messages the log holds for the session ([0, logMessages)). */
  logMessages: number;
  /** Rows the index holds for the session. */
  indexRows: number;
  /** One past the highest seq in the index. */
  indexNextSeq: number;
}

/** How the index of `session` disagrees with a log of `logNextSeq` messages, or null. */
export function findIndexMismatch(
  db: SqliteDatabase,
  session: string,
  logNextSeq: number,
): IndexMismatch | null {
  // The top seq from the (session, seq) index and the row count the triggers keep (migrations.ts):
  // neither reads the session's rows.
  const top = (
    db.prepare("SELECT MAX(seq) AS top FROM messages WHERE session = ?").get(session) as {
      top: number | null;
    }
  ).top;
  const rows =
    (
      db.prepare("SELECT message_rows AS rows FROM sessions WHERE id = ?").get(session) as
        | { rows: number }
        | undefined
    )?.rows ?? 0;
  const indexNextSeq = top === null ? 0 : top + 1;
  const base = { logMessages: logNextSeq, indexRows: rows, indexNextSeq };
  if (indexNextSeq > logNextSeq) return { kind: "index-ahead", ...base };
  // Rows below the index's top must be gapless (seqs are unique per session, so the count says
  // it); rows above it are the log's tail, caught up later.
  if (rows !== indexNextSeq) return { kind: "index-gaps", ...base };
  return null;
}
