// Messages in kern.db: insert (with their token counts), range reads, history pages, per-session
// statistics and FTS5 search. Derived from the session log; rebuilt by reindex. The rows hold no
// text: reads join them with their lines in the log (ADR 0017).
import type { SqliteDatabase } from "./database.js";
import {
  filterClauses,
  ftsPhrases,
  phraseMatch,
  type SearchFilters,
  searchTerms,
  toFtsQuery,
} from "./fts-query.js";
import { headOf } from "./fts-row.js";
import {
  type IndexedMessage,
  MESSAGE_ROW,
  type MessageRow,
  toIndexedMessages,
} from "./indexed-message.js";
import { LogReader, storedFileName } from "./log-reader.js";
import { MessageRowQueries, type MessageTokenRow } from "./message-row-queries.js";
import { MessageWriter, type PlacedMessage } from "./message-writer.js";
import { TermProximity } from "./term-proximity.js";
import type { RankedId } from "./top-k.js";
import { WordIndex } from "./word-index.js";

export { contentWords, type SearchFilters, searchTerms } from "./fts-query.js";

export type { IndexedMessage } from "./indexed-message.js";
export type { PlacedMessage } from "./message-writer.js";

export interface FtsHit {
  id: number;
  session: string;
  seq: number;
  ts: string;
  role: string;
  score: number;
  snippet: string;
}

/**
 * The BM25 weight of each field of a message (BM25F-style: one FTS5 bm25() over the columns):
 * its text, its tool calls, its envelope (the speaker's name, user, interface), and its context
 * (the two messages before it). Measured on the three recall yardsticks (ADR 0004).
 */
export interface FieldWeights {
  content: number;
  toolCalls: number;
  speaker: number;
  context: number;
}

export const DEFAULT_FIELD_WEIGHTS: FieldWeights = {
  content: 1,
  toolCalls: 0.5,
  speaker: 0.3,
  context: 0.4,
};

export interface SearchOptions {
  k: number;
  filters?: SearchFilters;
  weights?: FieldWeights;
  /** Query terms that are speakers' names (toFtsQuery). */
  speakers?: ReadonlySet<string>;
  /** Match the query's words side by side in a message's text, in order (a phrase). */
  phrase?: boolean;
}

export class MessageRepo {
  /** The composer's reads of a session's rows, counts and token sums (no message texts). */
  readonly rows: MessageRowQueries;
  /** Where a search word sits around given messages (recall's nearby-words rule). */
  readonly proximity: TermProximity;
  /**
   * The common words' postings in memory (word-index.ts): built by whoever warms it (the
   * daemon, in the background); until then, and whenever it cannot answer exactly, search ranks
   * with FTS5 alone.
   */
  readonly words: WordIndex;
  /** The messages' texts, read from their lines in the session logs. */
  readonly log: LogReader;
  private readonly writer: MessageWriter;

  constructor(private readonly db: SqliteDatabase) {
    this.rows = new MessageRowQueries(db);
    this.log = new LogReader(db);
    this.writer = new MessageWriter(db, this.log);
    this.words = new WordIndex(db, this.log);
    this.proximity = new TermProximity(db, this.words);
  }

  ensureSession(session: { id: string; createdAt: string; file: string }): void {
    this.db
      .prepare("INSERT OR IGNORE INTO sessions (id, created_at, file) VALUES (?, ?, ?)")
      .run(session.id, session.createdAt, storedFileName(this.db, session.file));
  }

  /**
   * Inserts messages of one session in one transaction; existing (session, seq) rows are kept.
   * Each carries where its line is in the session's log (`at`, `bytes`): the row holds no text.
   */
  insert(session: string, messages: readonly PlacedMessage[]): void {
    this.writer.insert(session, messages);
  }

  /** Every indexed message that came from an import with a source id (all sessions), streamed. */
  *importedMessages(): Generator<{ sourceId: string; role: string; content: string | null }> {
    const page = this.db.prepare(
      `SELECT ${MESSAGE_ROW} FROM messages WHERE imported = 1 AND id > ? ORDER BY id LIMIT 1000`,
    );
    for (let after = 0; ; ) {
      const rows = page.all(after) as MessageRow[];
      if (rows.length === 0) return;
      for (const message of toIndexedMessages(rows, this.log)) {
        const sourceId = message.meta?.sourceId;
        if (sourceId !== undefined)
          yield { sourceId: String(sourceId), role: message.role, content: message.content };
      }
      after = (rows.at(-1) as MessageRow).id;
    }
  }

  /** Next seq after the highest indexed one (0 for an empty session). */
  nextSeq(session: string): number {
    const row = this.db
      .prepare("SELECT MAX(seq) AS top FROM messages WHERE session = ?")
      .get(session) as {
      top: number | null;
    };
    return row.top === null ? 0 : row.top + 1;
  }

  /** Messages `[seqStart, seqEnd)` of a session in seq order. */
  range(session: string, seqStart: number, seqEnd: number): IndexedMessage[] {
    const rows = this.db
      .prepare(
        `SELECT ${MESSAGE_ROW} FROM messages WHERE session = ? AND seq >= ? AND seq < ? ORDER BY seq`,
      )
      .all(session, seqStart, seqEnd) as MessageRow[];
    return toIndexedMessages(rows, this.log);
  }

  byIds(ids: readonly number[]): IndexedMessage[] {
    return toIndexedMessages(this.rowsOf(ids), this.log);
  }

  /** The rows of `ids`, in id order (as the rowid table returned them). */
  private rowsOf(ids: readonly number[]): MessageRow[] {
    if (ids.length === 0) return [];
    return this.db
      .prepare(
        `SELECT ${MESSAGE_ROW} FROM messages WHERE id IN (${ids.map(() => "?").join(",")}) ORDER BY id`,
      )
      .all(...ids) as MessageRow[];
  }

  /**
   * Like byIds, with each content cut to its first `chars` characters in SQLite: ranking reads
   * the head of many candidates, and a 20k-character tool output should not cross into JS whole.
   */
  headsByIds(ids: readonly number[], chars: number): IndexedMessage[] {
    return toIndexedMessages(this.rowsOf(ids), this.log, (content) => headOf(content, chars));
  }

  /** The ids in `[fromId, toId]` of messages not of `role`, ascending (no content read). */
  idsWithoutRole(fromId: number, toId: number, role: string): number[] {
    const rows = this.db
      .prepare("SELECT id FROM messages WHERE id >= ? AND id <= ? AND role != ? ORDER BY id")
      .all(fromId, toId, role) as Array<{ id: number }>;
    return rows.map((row) => row.id);
  }

  /** Seq, role, tokens and ts of the messages `[fromSeq, toSeq)` (cheap: no content). */
  tokenRows(session: string, fromSeq = 0, toSeq = Number.MAX_SAFE_INTEGER): MessageTokenRow[] {
    return this.db
      .prepare(
        "SELECT id, seq, role, tokens, ts FROM messages WHERE session = ? AND seq >= ? AND seq < ? ORDER BY seq",
      )
      .all(session, fromSeq, toSeq) as MessageTokenRow[];
  }

  /** Seqs of the user messages in `[fromSeq, toSeq)`, ascending (the covering index only). */
  userSeqs(session: string, fromSeq: number, toSeq: number): number[] {
    return this.rows.userSeqs(session, fromSeq, toSeq);
  }

  /** A page of history ending before `before` (newest `limit` messages when omitted). */
  history(
    session: string,
    options: { before?: number; limit: number },
  ): { messages: IndexedMessage[]; hasMore: boolean } {
    const before = options.before ?? Number.MAX_SAFE_INTEGER;
    const rows = this.db
      .prepare(
        `SELECT ${MESSAGE_ROW} FROM messages WHERE session = ? AND seq < ? ORDER BY seq DESC LIMIT ?`,
      )
      .all(session, before, options.limit + 1) as MessageRow[];
    const hasMore = rows.length > options.limit;
    const page = rows.slice(0, options.limit).reverse();
    return { messages: toIndexedMessages(page, this.log), hasMore };
  }

  /**
   * The time of the session's newest user message that came from a person: messages whose
   * interface is one of `excluded` (kern's own sources: job, heartbeat, …) do not count.
   */
  newestPersonMessageTs(session: string, excluded: readonly string[]): string | null {
    const marks = excluded.map(() => "?").join(", ");
    const filter = excluded.length > 0 ? `AND COALESCE(interface, '') NOT IN (${marks})` : "";
    const row = this.db
      .prepare(
        `SELECT ts FROM messages WHERE session = ? AND role = 'user' ${filter} ORDER BY seq DESC LIMIT 1`,
      )
      .get(session, ...excluded) as { ts: string } | undefined;
    return row?.ts ?? null;
  }

  sessionIds(): string[] {
    return (
      this.db.prepare("SELECT id FROM sessions ORDER BY id").all() as Array<{ id: string }>
    ).map((row) => row.id);
  }

  /**
   * Messages and stored tokens of one session, as the triggers keep them (migrations.ts): what
   * `kern status` and `GET /status` show. sessionStats() groups by role and by day, three passes
   * (1.2 s at a million messages, on every status poll); counting the rows was one (0.35 s).
   */
  sessionTotals(session: string): { count: number; tokens: number } {
    const row = this.db
      .prepare("SELECT message_rows AS n, message_tokens AS t FROM sessions WHERE id = ?")
      .get(session) as { n: number; t: number } | undefined;
    return { count: row?.n ?? 0, tokens: row?.t ?? 0 };
  }

  /** Per-session counts by role, first/last timestamps and messages per day. */
  sessionStats(session: string): {
    count: number;
    roles: Record<string, number>;
    firstTs: string | null;
    lastTs: string | null;
    activity: Record<string, number>;
    tokens: number;
  } {
    const roles: Record<string, number> = { user: 0, assistant: 0, tool: 0 };
    const roleRows = this.db
      .prepare(
        "SELECT role, COUNT(*) AS n, SUM(tokens) AS t FROM messages WHERE session = ? GROUP BY role",
      )
      .all(session) as Array<{ role: string; n: number; t: number }>;
    let tokens = 0;
    for (const row of roleRows) {
      roles[row.role] = row.n;
      tokens += row.t;
    }
    const span = this.db
      .prepare(
        "SELECT MIN(ts) AS first, MAX(ts) AS last, COUNT(*) AS n FROM messages WHERE session = ?",
      )
      .get(session) as { first: string | null; last: string | null; n: number };
    const activity: Record<string, number> = {};
    const days = this.db
      .prepare(
        "SELECT substr(ts, 1, 10) AS day, COUNT(*) AS n FROM messages WHERE session = ? GROUP BY day ORDER BY day",
      )
      .all(session) as Array<{ day: string; n: number }>;
    for (const row of days) activity[row.day] = row.n;
    return { count: span.n, roles, firstTs: span.first, lastTs: span.last, activity, tokens };
  }

  totals(): { messages: number; sessions: number; firstTs: string | null; lastTs: string | null } {
    const row = this.db
      .prepare(
        "SELECT COUNT(*) AS n, COUNT(DISTINCT session) AS s, MIN(ts) AS first, MAX(ts) AS last FROM messages",
      )
      .get() as { n: number; s: number; first: string | null; last: string | null };
    return { messages: row.n, sessions: row.s, firstTs: row.first, lastTs: row.last };
  }

  /**
   * BM25 full-text search; higher score is better. `snippet` is empty: FTS5's snippet() re-reads
   * every candidate's text (30+ ms for 50 hits with long tool outputs), so callers build snippets
   * for the few hits they keep.
   */
  /**
   * Whether any message holds `term` as the index tokenizes it (stemmed): the first match ends the
   * look, so a common word costs no more than a rare one.
   */
  usesTerm(term: string): boolean {
    const match = toFtsQuery(term);
    if (!match) return false;
    return (
      this.db
        .prepare("SELECT rowid FROM messages_fts WHERE messages_fts MATCH ? LIMIT 1")
        .get(match) !== undefined
    );
  }

  /** True when some message's envelope (speaker's name, user, interface) holds `term`. */
  namesSpeaker(term: string): boolean {
    const words = searchTerms(term);
    const word = words[0];
    if (words.length !== 1 || word === undefined) return false;
    const known = this.words.inEnvelope(word);
    if (known !== null) return known;
    return (
      this.db
        .prepare("SELECT rowid FROM messages_fts WHERE messages_fts MATCH ? LIMIT 1")
        .get(`{meta} : "${word}"`) !== undefined
    );
  }

  search(query: string, options: SearchOptions): FtsHit[] {
    const match = options.phrase ? phraseMatch(query) : toFtsQuery(query, options.speakers);
    if (!match) return [];
    const w = options.weights ?? DEFAULT_FIELD_WEIGHTS;
    const weights = [w.content, w.toolCalls, w.speaker, w.context];
    if (!options.phrase && !options.filters) {
      const ranked = this.words.rank(ftsPhrases(query, options.speakers), weights, options.k);
      if (ranked) return this.hitsOf(ranked);
    }
    const { clauses, values } = filterClauses(options.filters);
    const bm25 = "bm25(messages_fts, ?, ?, ?, ?)";
    // Without filters, rank inside FTS5 first and join only the winners; with filters, the join
    // must see every match so a narrow filter still finds its hits.
    const sql = clauses
      ? `SELECT m.id, m.session, m.seq, m.ts, m.role, ${bm25} AS rank
         FROM messages_fts JOIN messages m ON m.id = messages_fts.rowid
         WHERE messages_fts MATCH ? ${clauses} ORDER BY rank LIMIT ?`
      : `SELECT m.id, m.session, m.seq, m.ts, m.role, f.rank AS rank
         FROM (SELECT rowid, ${bm25} AS rank FROM messages_fts WHERE messages_fts MATCH ?
               ORDER BY rank LIMIT ?) f
         JOIN messages m ON m.id = f.rowid ORDER BY f.rank`;
    const parameters = clauses
      ? [...weights, match, ...values, options.k]
      : [...weights, match, options.k];
    const rows = this.db.prepare(sql).all(...parameters) as Array<
      Omit<FtsHit, "score" | "snippet"> & { rank: number }
    >;
    return rows.map(({ rank, ...row }) => ({ ...row, score: -rank, snippet: "" }));
  }

  /** Hits for ranked ids (best first), with their rows' fields. */
  private hitsOf(ranked: readonly RankedId[]): FtsHit[] {
    if (ranked.length === 0) return [];
    const rows = this.db
      .prepare(
        `SELECT id, session, seq, ts, role FROM messages WHERE id IN (${ranked.map(() => "?").join(",")})`,
      )
      .all(...ranked.map((hit) => hit.id)) as Array<Omit<FtsHit, "score" | "snippet">>;
    const byId = new Map(rows.map((row) => [row.id, row]));
    return ranked.flatMap((hit) => {
      const row = byId.get(hit.id);
      return row ? [{ ...row, score: hit.score, snippet: "" }] : [];
    });
  }
}
