// The composer's narrow reads of one session's messages: its newest rows, token sums, counts and
// roles of seq ranges, answered from the covering index messages_session_rows (session, seq,
// role, tokens, ts) without reading message texts. The composer keeps only the tail of a session
// a window can reach (memory/compose/message-window.ts) and asks these about older messages.
import type { SessionMessage } from "../kernel/index.js";
import type { SqliteDatabase } from "./database.js";

export interface MessageTokenRow {
  id: number;
  seq: number;
  role: SessionMessage["role"];
  tokens: number;
  ts: string;
}

const ROW_COLUMNS = "id, seq, role, tokens, ts";

export class MessageRowQueries {
  constructor(private readonly db: SqliteDatabase) {}

  /** The newest `limit` rows with seq below `beforeSeq`, ascending. */
  newest(session: string, beforeSeq: number, limit: number): MessageTokenRow[] {
    const rows = this.db
      .prepare(
        `SELECT ${ROW_COLUMNS} FROM messages WHERE session = ? AND seq < ? ORDER BY seq DESC LIMIT ?`,
      )
      .all(session, beforeSeq, limit) as MessageTokenRow[];
    return rows.reverse();
  }

  /** The oldest `limit` rows with seq at least `fromSeq`, ascending. */
  from(session: string, fromSeq: number, limit: number): MessageTokenRow[] {
    return this.db
      .prepare(
        `SELECT ${ROW_COLUMNS} FROM messages WHERE session = ? AND seq >= ? ORDER BY seq LIMIT ?`,
      )
      .all(session, fromSeq, limit) as MessageTokenRow[];
  }

  /** Stored tokens of the messages `[fromSeq, toSeq)`. */
  tokensBetween(session: string, fromSeq: number, toSeq: number): number {
    return this.db
      .prepare("SELECT TOTAL(tokens) FROM messages WHERE session = ? AND seq >= ? AND seq < ?")
      .pluck()
      .get(session, fromSeq, toSeq) as number;
  }

  /**
   * How many messages have a seq below `seq`: the session's count (kept by triggers) less those
   * from `seq` on, in one statement, so it is cheap when `seq` is near the end.
   */
  countBefore(session: string, seq: number): number {
    return this.db
      .prepare(
        `SELECT COALESCE((SELECT message_rows FROM sessions WHERE id = ?), 0)
              - (SELECT COUNT(*) FROM messages WHERE session = ? AND seq >= ?)`,
      )
      .pluck()
      .get(session, session, seq) as number;
  }

  /** Which of `seqs` are user messages, ascending (one index lookup each). */
  userSeqsAmong(session: string, seqs: readonly number[]): number[] {
    if (seqs.length === 0) return [];
    return this.db
      .prepare(
        `SELECT seq FROM messages WHERE session = ? AND role = 'user'
           AND seq IN (SELECT value FROM json_each(?)) ORDER BY seq`,
      )
      .pluck()
      .all(session, JSON.stringify(seqs)) as number[];
  }

  /** Seqs of the user messages in `[fromSeq, toSeq)`, ascending (the covering index only). */
  userSeqs(session: string, fromSeq: number, toSeq: number): number[] {
    return this.db
      .prepare(
        "SELECT seq FROM messages WHERE session = ? AND seq >= ? AND seq < ? AND role = 'user' ORDER BY seq",
      )
      .pluck()
      .all(session, fromSeq, toSeq) as number[];
  }

  /** The seq of the newest user message below `beforeSeq`, or null. */
  newestUserBefore(session: string, beforeSeq: number): number | null {
    const seq = this.db
      .prepare(
        "SELECT seq FROM messages WHERE session = ? AND seq < ? AND role = 'user' ORDER BY seq DESC LIMIT 1",
      )
      .pluck()
      .get(session, beforeSeq) as number | undefined;
    return seq ?? null;
  }

  /** Seqs of the messages in `[fromSeq, toSeq)` that are not tool results, ascending. */
  nonToolSeqs(session: string, fromSeq: number, toSeq: number): number[] {
    return this.db
      .prepare(
        "SELECT seq FROM messages WHERE session = ? AND seq >= ? AND seq < ? AND role <> 'tool' ORDER BY seq",
      )
      .pluck()
      .all(session, fromSeq, toSeq) as number[];
  }

  /** The time of the first message with seq at least `seq`, or null. */
  tsFrom(session: string, seq: number): string | null {
    const ts = this.db
      .prepare("SELECT ts FROM messages WHERE session = ? AND seq >= ? ORDER BY seq LIMIT 1")
      .pluck()
      .get(session, seq) as string | undefined;
    return ts ?? null;
  }

  /** The time of the last message with seq below `seq`, or null. */
  tsBefore(session: string, seq: number): string | null {
    const ts = this.db
      .prepare("SELECT ts FROM messages WHERE session = ? AND seq < ? ORDER BY seq DESC LIMIT 1")
      .pluck()
      .get(session, seq) as string | undefined;
    return ts ?? null;
  }
}
