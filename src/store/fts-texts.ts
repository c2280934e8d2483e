// The four texts messages_fts holds for given messages, re-read from the session logs (ADR 0017):
// what a reader that must see the index's words reads — the common words' index as it builds
// (word-index.ts). The same texts message-writer.ts gave FTS5 when the message was written.
import type { SqliteDatabase } from "./database.js";
import { CONTEXT_CHARS, CONTEXT_MESSAGES, contextOf, envelopeOf, headOf } from "./fts-row.js";
import type { LogReader, PlacedRow } from "./log-reader.js";
import { toolCallsText } from "./migrations.js";

/** A message's id and its four index texts: content, tool calls, envelope, context. */
export type FtsTextRow = [number, string | null, string | null, string | null, string | null];

type Row = PlacedRow & { id: number };

const ROW = "id, session, seq, at, bytes";

export class FtsTexts {
  private readonly callsText;
  private readonly place;

  constructor(
    private readonly db: SqliteDatabase,
    private readonly log: LogReader,
  ) {
    this.callsText = db.prepare(`SELECT ${toolCallsText(":calls")}`).pluck();
    this.place = db.prepare(
      "SELECT session, seq, at, bytes FROM messages WHERE session = ? AND seq = ?",
    );
  }

  /** Up to `limit` messages with ids above `after`, in id order. */
  after(after: number, limit: number): FtsTextRow[] {
    const rows = this.db
      .prepare(`SELECT ${ROW} FROM messages WHERE id > ? ORDER BY id LIMIT ?`)
      .all(after, limit) as Row[];
    return this.textsOf(rows);
  }

  /** The messages of `ids` that exist, in id order. */
  ofIds(ids: readonly number[]): FtsTextRow[] {
    const rows = this.db
      .prepare(
        `SELECT ${ROW} FROM messages WHERE id IN (SELECT value FROM json_each(?)) ORDER BY id`,
      )
      .all(JSON.stringify(ids)) as Row[];
    return this.textsOf(rows);
  }

  private textsOf(rows: readonly Row[]): FtsTextRow[] {
    const messages = this.log.read(rows);
    const heads = new Map<string, string | null | undefined>();
    rows.forEach((row, index) => {
      heads.set(
        `${row.session}\u0000${row.seq}`,
        headOf(messages[index]?.content ?? null, CONTEXT_CHARS),
      );
    });
    return rows.map((row, index) => {
      const message = messages[index];
      const calls = message?.toolCalls ? JSON.stringify(message.toolCalls) : null;
      return [
        row.id,
        message?.content ?? null,
        calls === null ? null : (this.callsText.get({ calls }) as string | null),
        envelopeOf(message?.meta),
        this.contextOf(row, heads),
      ];
    });
  }

  private contextOf(row: Row, heads: Map<string, string | null | undefined>): string | null {
    const before: Array<string | null> = [];
    for (let seq = row.seq - CONTEXT_MESSAGES; seq < row.seq; seq += 1) {
      if (seq < 0) continue;
      const key = `${row.session}\u0000${seq}`;
      if (!heads.has(key)) heads.set(key, this.storedHead(row.session, seq));
      const head = heads.get(key);
      if (head !== undefined) before.push(head);
    }
    return contextOf(before);
  }

  private storedHead(session: string, seq: number): string | null | undefined {
    const row = this.place.get(session, seq) as PlacedRow | undefined;
    if (!row) return undefined;
    return headOf(this.log.read([row])[0]?.content ?? null, CONTEXT_CHARS);
  }
}
