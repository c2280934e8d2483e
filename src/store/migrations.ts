// SQL migrations of kern.db, applied in order; PRAGMA user_version records the last one applied.
// The index is derived (SG-12): a migration may rebuild tables, since reindex can always refill them.
import { CONTEXT_CHARS, CONTEXT_MESSAGES } from "./fts-row.js";

/** The envelope values recall searches, as one text: SQL over a `meta` JSON column. */
function envelopeText(column: string): string {
  const values = ["interface", "channel", "user", "name", "tool"]
    .map((key) => `json_extract(${column}, '$.${key}')`)
    .join(", ");
  return `CASE WHEN json_valid(${column}) THEN concat_ws(' ', ${values}) END`;
}

/**
 * What recall searches in a `tool_calls` JSON column: each call's tool name and its arguments'
 * values, without the JSON's keys and call ids ("id", "function", "call_…" were in most
 * assistant messages). Text that is not JSON is searched as it is.
 */
export function toolCallsText(column: string): string {
  const calls = `json_each(${column}) c`;
  const args = "c.value ->> '$.function.arguments'";
  return `CASE WHEN json_valid(${column}) THEN (SELECT group_concat(v, ' ') FROM (
      SELECT c.value ->> '$.function.name' AS v FROM ${calls}
      UNION ALL
      SELECT a.atom FROM ${calls},
        json_tree(CASE WHEN json_valid(${args}) THEN ${args} ELSE json_quote(${args}) END) a
      WHERE a.atom IS NOT NULL)) ELSE ${column} END`;
}

/**
 * What recall searches as a message's context: the heads of the messages just before it in its
 * session (the question it answers, the remark it replies to), as one text.
 */
function contextText(session: string, seq: string): string {
  return `(SELECT group_concat(substr(p.content, 1, ${CONTEXT_CHARS}), ' ') FROM messages p
      WHERE p.session = ${session} AND p.seq >= ${seq} - ${CONTEXT_MESSAGES} AND p.seq < ${seq})`;
}

export const MIGRATIONS: readonly string[] = [
  `
  CREATE TABLE sessions (
    id TEXT PRIMARY KEY,
    created_at TEXT NOT NULL,
    file TEXT NOT NULL
  );
  CREATE TABLE messages (
    id INTEGER PRIMARY KEY,
    session TEXT NOT NULL REFERENCES sessions(id),
    seq INTEGER NOT NULL,
    ts TEXT NOT NULL,
    role TEXT NOT NULL,
    content TEXT,
    tool_calls TEXT,
    tool_call_id TEXT,
    meta TEXT,
    tokens INTEGER NOT NULL,
    UNIQUE (session, seq)
  );
  CREATE INDEX messages_ts ON messages (ts);
  -- External content: the text lives once, in messages; FTS5 keeps only its index.
  CREATE VIRTUAL TABLE messages_fts USING fts5(
    content, tool_calls, content='messages', content_rowid='id', tokenize='unicode61 remove_diacritics 2'
  );
  CREATE TRIGGER messages_fts_insert AFTER INSERT ON messages BEGIN
    INSERT INTO messages_fts (rowid, content, tool_calls) VALUES (new.id, new.content, new.tool_calls);
  END;
  CREATE TRIGGER messages_fts_delete AFTER DELETE ON messages BEGIN
    INSERT INTO messages_fts (messages_fts, rowid, content, tool_calls)
    VALUES ('delete', old.id, old.content, old.tool_calls);
  END;

  CREATE TABLE segments (
    id TEXT PRIMARY KEY,
    session TEXT NOT NULL,
    level INTEGER NOT NULL,
    seq_start INTEGER NOT NULL,
    seq_end INTEGER NOT NULL,
    parent_id TEXT,
    token_count INTEGER NOT NULL,
    summary TEXT,
    summary_tokens INTEGER NOT NULL DEFAULT 0,
    method TEXT,
    first_ts TEXT NOT NULL,
    last_ts TEXT NOT NULL,
    stale INTEGER NOT NULL DEFAULT 0,
    CHECK (seq_end > seq_start)
  );
  CREATE UNIQUE INDEX segments_range ON segments (session, level, seq_start);
  CREATE INDEX segments_parent ON segments (parent_id);
  -- Tiling by construction (LESSONS #2): no two segments of one level of one session overlap.
  CREATE TRIGGER segments_no_overlap BEFORE INSERT ON segments
  WHEN EXISTS (
    SELECT 1 FROM segments s
    WHERE s.session = new.session AND s.level = new.level
      AND s.seq_start < new.seq_end AND new.seq_start < s.seq_end
  )
  BEGIN
    SELECT RAISE(ABORT, 'segment overlaps an existing segment of the same level');
  END;

  CREATE TABLE working_memory (
    session TEXT PRIMARY KEY,
    content TEXT NOT NULL,
    method TEXT NOT NULL,
    seq_end INTEGER NOT NULL,
    updated_at TEXT NOT NULL
  );
  CREATE TABLE notes_summary (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    paths TEXT NOT NULL,
    summary TEXT NOT NULL,
    method TEXT NOT NULL,
    updated_at TEXT NOT NULL
  );
  CREATE TABLE usage (
    id INTEGER PRIMARY KEY,
    ts TEXT NOT NULL,
    turn_id TEXT,
    purpose TEXT NOT NULL,
    model TEXT NOT NULL,
    input_tokens INTEGER NOT NULL,
    output_tokens INTEGER NOT NULL,
    cached_tokens INTEGER NOT NULL DEFAULT 0
  );
  CREATE TABLE meta (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL
  );
  `,
  // A covering index for the per-message bookkeeping (status, sessions, token rows): those
  // queries read it instead of the wide rows; measured at 20k messages, sessionStats went from
  // 43 ms to 8 ms a call, which /status and every TUI status refresh pay on the event loop.
  `
  CREATE INDEX messages_session_rows ON messages (session, seq, role, tokens, ts);
  `,
  // The worker's per-turn bookkeeping without table scans (issue 17): the tiling's end per level,
  // the per-level counts, and the segments waiting for a summary (a partial index whose WHERE is
  // the query's, so SQLite uses it).
  `
  CREATE INDEX segments_session_level ON segments (session, level, seq_end);
  CREATE INDEX segments_level ON segments (level);
  CREATE INDEX segments_pending ON segments (session, level, seq_start)
    WHERE summary IS NULL OR stale = 1;
  `,
  // Recall's lexical leg (issue 12, ADR 0004): Porter stemming ("waited" finds "wait"), and the
  // envelope (meta: interface, user, name) searchable as a third column with a low BM25 weight.
  // The index is rebuilt from the messages it points at; the text is still stored once.
  `
  DROP TRIGGER messages_fts_insert;
  DROP TRIGGER messages_fts_delete;
  DROP TABLE messages_fts;
  CREATE VIRTUAL TABLE messages_fts USING fts5(
    content, tool_calls, meta, content='messages', content_rowid='id',
    tokenize='porter unicode61 remove_diacritics 2'
  );
  CREATE TRIGGER messages_fts_insert AFTER INSERT ON messages BEGIN
    INSERT INTO messages_fts (rowid, content, tool_calls, meta)
    VALUES (new.id, new.content, new.tool_calls, new.meta);
  END;
  CREATE TRIGGER messages_fts_delete AFTER DELETE ON messages BEGIN
    INSERT INTO messages_fts (messages_fts, rowid, content, tool_calls, meta)
    VALUES ('delete', old.id, old.content, old.tool_calls, old.meta);
  END;
  INSERT INTO messages_fts (messages_fts) VALUES ('rebuild');
  `,
  // The rollup planner's window (issue 17): the first parentless segment of each level, read
  // from a partial index instead of every segment row (8 ms a turn at 100k messages, 0.5 ms).
  `
  CREATE INDEX segments_unparented ON segments (session, level, seq_start)
    WHERE parent_id IS NULL;
  `,
  // What recall searches (issue 12): the envelope's values a user would search (interface,
  // channel, user, name, tool) and the tool calls' names and argument values, not the JSON of
  // `meta` and `tool_calls`: its keys and ids ("name" was in 77% of messages, "id" and "call" in
  // every tool call) made common words match most of the index and cost FTS time. The index is
  // contentless (it holds no text, SQLite >= 3.43 deletes from it by rowid), filled from the
  // messages through the same expressions.
  `
  DROP TRIGGER messages_fts_insert;
  DROP TRIGGER messages_fts_delete;
  DROP TABLE messages_fts;
  CREATE VIRTUAL TABLE messages_fts USING fts5(
    content, tool_calls, meta, content='', contentless_delete=1,
    tokenize='porter unicode61 remove_diacritics 2'
  );
  CREATE TRIGGER messages_fts_insert AFTER INSERT ON messages BEGIN
    INSERT INTO messages_fts (rowid, content, tool_calls, meta)
    VALUES (new.id, new.content, ${toolCallsText("new.tool_calls")}, ${envelopeText("new.meta")});
  END;
  CREATE TRIGGER messages_fts_delete AFTER DELETE ON messages BEGIN
    DELETE FROM messages_fts WHERE rowid = old.id;
  END;
  INSERT INTO messages_fts (rowid, content, tool_calls, meta)
    SELECT id, content, ${toolCallsText("tool_calls")}, ${envelopeText("meta")} FROM messages;
  `,
  // Recall's fields (issue 30, ADR 0004): a fourth column, `context`, holds the heads of the two
  // messages before each message in its session, searched with a low BM25 weight: a reply is
  // found by the question it answers ("When did Caroline go to the support group?" → "Yesterday,
  // it was powerful"). Measured with the FTS5 reference on LoCoMo dev: @10 0.681 without, 0.741
  // with the message before and after, 0.792 with the two before. Only earlier messages, so a
  // row is complete when it is inserted.
  `
  DROP TRIGGER messages_fts_insert;
  DROP TRIGGER messages_fts_delete;
  DROP TABLE messages_fts;
  CREATE VIRTUAL TABLE messages_fts USING fts5(
    content, tool_calls, meta, context, content='', contentless_delete=1,
    tokenize='porter unicode61 remove_diacritics 2'
  );
  CREATE TRIGGER messages_fts_insert AFTER INSERT ON messages BEGIN
    INSERT INTO messages_fts (rowid, content, tool_calls, meta, context)
    VALUES (new.id, new.content, ${toolCallsText("new.tool_calls")}, ${envelopeText("new.meta")},
      ${contextText("new.session", "new.seq")});
  END;
  CREATE TRIGGER messages_fts_delete AFTER DELETE ON messages BEGIN
    DELETE FROM messages_fts WHERE rowid = old.id;
  END;
  INSERT INTO messages_fts (rowid, content, tool_calls, meta, context)
    SELECT m.id, m.content, ${toolCallsText("m.tool_calls")}, ${envelopeText("m.meta")},
      ${contextText("m.session", "m.seq")} FROM messages m;
  `,
  // Each session's count of index rows and their tokens, kept by triggers (issue 32): opening the
  // store checks the index for holes (reconcile-index.ts) and `kern status` shows both, and
  // reading a session's rows for them took 150–500 ms of every command at a million messages;
  // the kept totals are one row to read. Inserts that are ignored fire no trigger, and rows are
  // only ever inserted or deleted, never updated.
  `
  ALTER TABLE sessions ADD COLUMN message_rows INTEGER NOT NULL DEFAULT 0;
  ALTER TABLE sessions ADD COLUMN message_tokens INTEGER NOT NULL DEFAULT 0;
  UPDATE sessions SET
    message_rows = (SELECT COUNT(*) FROM messages m WHERE m.session = sessions.id),
    message_tokens = (SELECT COALESCE(SUM(tokens), 0) FROM messages m WHERE m.session = sessions.id);
  CREATE TRIGGER messages_count_insert AFTER INSERT ON messages BEGIN
    UPDATE sessions SET message_rows = message_rows + 1, message_tokens = message_tokens + new.tokens
      WHERE id = new.session;
  END;
  CREATE TRIGGER messages_count_delete AFTER DELETE ON messages BEGIN
    UPDATE sessions SET message_rows = message_rows - 1, message_tokens = message_tokens - old.tokens
      WHERE id = old.session;
  END;
  `,
  // The lean index (issue 50, ADR 0017): each message's text once, in the session log. The row
  // keeps what the index needs — its place in the session, time, role, tokens, the interface of
  // a user message and whether it came from an import — and where its line sits in the log (`at`,
  // `bytes`); messages_fts (contentless already) is written from the log's text by the store
  // (message-writer.ts), not by a trigger. Clustered by (session, seq), WITHOUT ROWID: the table
  // is the per-session covering index it used to need beside it, and `id` (the FTS and vector
  // key) keeps its values through this copy. Rows copied here have no place yet: the store fills
  // it from the logs on open, with progress (lean-migration.ts), then compacts the file.
  `
  DROP TRIGGER messages_fts_insert;
  DROP TRIGGER messages_fts_delete;
  DROP TRIGGER messages_count_insert;
  DROP TRIGGER messages_count_delete;
  CREATE TABLE messages_lean (
    session TEXT NOT NULL,
    seq INTEGER NOT NULL,
    id INTEGER NOT NULL,
    ts TEXT NOT NULL,
    role TEXT NOT NULL,
    tokens INTEGER NOT NULL,
    at INTEGER,
    bytes INTEGER,
    interface TEXT,
    imported INTEGER,
    PRIMARY KEY (session, seq)
  ) WITHOUT ROWID;
  INSERT INTO messages_lean (session, seq, id, ts, role, tokens, interface, imported)
    SELECT session, seq, id, ts, role, tokens,
      CASE WHEN role = 'user' AND json_valid(meta) THEN json_extract(meta, '$.interface') END,
      CASE WHEN meta LIKE '%"sourceId"%' AND json_valid(meta)
        AND json_extract(meta, '$.sourceId') IS NOT NULL THEN 1 END
    FROM messages ORDER BY session, seq;
  INSERT INTO meta (key, value) SELECT 'lean_compact', '1' WHERE EXISTS (SELECT 1 FROM messages_lean);
  DROP TABLE messages;
  ALTER TABLE messages_lean RENAME TO messages;
  CREATE UNIQUE INDEX messages_id ON messages (id);
  CREATE TRIGGER messages_fts_delete AFTER DELETE ON messages BEGIN
    DELETE FROM messages_fts WHERE rowid = old.id;
  END;
  CREATE TRIGGER messages_count_insert AFTER INSERT ON messages BEGIN
    UPDATE sessions SET message_rows = message_rows + 1, message_tokens = message_tokens + new.tokens
      WHERE id = new.session;
  END;
  CREATE TRIGGER messages_count_delete AFTER DELETE ON messages BEGIN
    UPDATE sessions SET message_rows = message_rows - 1, message_tokens = message_tokens - old.tokens
      WHERE id = old.session;
  END;
  `,
];
