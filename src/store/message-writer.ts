// Writes messages into kern.db (ADR 0017): a narrow row each (session, seq, id, time, role,
// tokens and where its line sits in the session log), and its four texts into messages_fts. The
// text itself stays in the log, the one copy. One transaction a batch, two prepared statements a
// message; ids are handed out here (the table is clustered by (session, seq), WITHOUT ROWID, and
// the daemon is the only writer, SPEC §3).
import type { SessionMessage } from "../kernel/index.js";
import type { SqliteDatabase } from "./database.js";
import { CONTEXT_CHARS, CONTEXT_MESSAGES, contextOf, envelopeOf, headOf } from "./fts-row.js";
import type { LinePlace } from "./jsonl-file.js";
import type { LogReader } from "./log-reader.js";
import { toolCallsText } from "./migrations.js";

/** A message to index: its log entry, its token count and where its line is in the log. */
export type PlacedMessage = SessionMessage & LinePlace & { tokens: number };

/** The heads of a session's messages by seq, as read while writing (undefined: no message). */
type Heads = Map<number, string | null | undefined>;

export class MessageWriter {
  private readonly insertRow;
  private readonly insertFts;
  private readonly topId;
  private readonly placeOf;

  constructor(
    private readonly db: SqliteDatabase,
    private readonly log: LogReader,
  ) {
    this.insertRow = db.prepare(
      `INSERT OR IGNORE INTO messages (session, seq, id, ts, role, tokens, at, bytes, interface, imported)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    this.insertFts = db.prepare(
      `INSERT INTO messages_fts (rowid, content, tool_calls, meta, context)
       VALUES (:id, :content, ${toolCallsText(":calls")}, :envelope, :context)`,
    );
    this.topId = db.prepare("SELECT MAX(id) FROM messages").pluck();
    this.placeOf = db.prepare("SELECT seq, at, bytes FROM messages WHERE session = ? AND seq = ?");
  }

  /** Inserts messages of one session in one transaction; existing (session, seq) rows are kept. */
  insert(session: string, messages: readonly PlacedMessage[]): void {
    if (messages.length === 0) return;
    this.db.transaction(() => {
      let id = ((this.topId.get() as number | null) ?? 0) + 1;
      const heads: Heads = new Map();
      for (const message of messages) {
        const inserted = this.insertRow.run(
          session,
          message.seq,
          id,
          message.ts,
          message.role,
          message.tokens,
          message.at,
          message.bytes,
          message.role === "user" ? (message.meta?.interface ?? null) : null,
          message.meta?.sourceId !== undefined ? 1 : null,
        );
        if (inserted.changes === 1) {
          this.insertFts.run({
            id,
            content: message.content,
            calls: message.toolCalls ? JSON.stringify(message.toolCalls) : null,
            envelope: envelopeOf(message.meta),
            context: this.contextOf(session, message.seq, heads),
          });
          id += 1;
        }
        heads.set(message.seq, headOf(message.content, CONTEXT_CHARS));
      }
    })();
  }

  /** The heads of the CONTEXT_MESSAGES messages before `seq`, from this batch or the log. */
  private contextOf(session: string, seq: number, heads: Heads): string | null {
    const before: Array<string | null> = [];
    for (let earlier = seq - CONTEXT_MESSAGES; earlier < seq; earlier += 1) {
      if (earlier < 0) continue;
      if (!heads.has(earlier)) heads.set(earlier, this.storedHead(session, earlier));
      const head = heads.get(earlier);
      if (head !== undefined) before.push(head);
    }
    return contextOf(before);
  }

  private storedHead(session: string, seq: number): string | null | undefined {
    const row = this.placeOf.get(session, seq) as
      | { seq: number; at: number | null; bytes: number | null }
      | undefined;
    if (!row) return undefined;
    const [message] = this.log.read([{ session, ...row }]);
    return headOf(message?.content ?? null, CONTEXT_CHARS);
  }
}
