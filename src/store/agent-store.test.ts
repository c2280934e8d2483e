import { copyFileSync } from "node:fs";
import { join } from "node:path";
import BetterSqlite3 from "better-sqlite3";
import * as sqliteVec from "sqlite-vec";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { makeTempDir } from "../../test/support/temp-dir.js";
import { FakeClock } from "../kernel/index.js";
import { openAgentStore } from "./agent-store.js";
import { MIGRATIONS } from "./migrations.js";
import { SessionLog } from "./session-log.js";

describe("openAgentStore", () => {
  let temp: ReturnType<typeof makeTempDir>;
  const clock = new FakeClock();
  beforeEach(() => {
    temp = makeTempDir();
  });
  afterEach(() => temp.cleanup());

  const paths = () => ({
    sessionsDir: join(temp.path, "sessions"),
    memoryLog: join(temp.path, "memory.jsonl"),
    database: join(temp.path, "kern.db"),
  });
  const message = (text: string) => ({
    ts: "2026-04-02T06:00:00.000Z",
    role: "user" as const,
    content: text,
  });

  it("heals a log ahead of the index on open, even when counting a message throws", () => {
    const first = openAgentStore({ paths: paths(), clock, countTokens: () => 1 });
    first.appendMessages([message("indexed")]);
    first.close();
    // A crash between the log append and the index insert: the log alone has seq 1 and 2.
    const log = SessionLog.open({ sessionsDir: paths().sessionsDir, clock });
    log.append([message("x".repeat(10_000)), message("after")]);
    log.close();

    const throwing = () => {
      throw new RangeError("Maximum call stack size exceeded");
    };
    const second = openAgentStore({ paths: paths(), clock, countTokens: throwing });
    expect(second.messages.nextSeq(second.sessionLog.sessionId)).toBe(3);
    // New messages are indexed too, with a character estimate for the count.
    const [stored] = second.appendMessages([message("new")]);
    expect(stored?.seq).toBe(3);
    expect(second.messages.nextSeq(second.sessionLog.sessionId)).toBe(4);
    second.close();
  });

  it("rebuilds an index ahead of the log (a log restored from a backup), so new messages count", () => {
    const first = openAgentStore({ paths: paths(), clock, countTokens: () => 1 });
    first.appendMessages([message("zero"), message("one")]);
    const file = first.sessionLog.file;
    copyFileSync(file, join(temp.path, "backup.jsonl"));
    first.appendMessages([message("two (lost)"), message("three (lost)")]);
    first.close();
    copyFileSync(join(temp.path, "backup.jsonl"), file); // the restore: the log is shorter

    const second = openAgentStore({ paths: paths(), clock, countTokens: () => 1 });
    expect(second.rebuiltIndex).toMatchObject({ kind: "index-ahead", logMessages: 2 });
    second.appendMessages([message("two (new)")]);
    const session = second.sessionLog.sessionId;
    expect(second.messages.range(session, 0, 10).map((row) => row.content)).toEqual([
      "zero",
      "one",
      "two (new)",
    ]);
    second.close();
    const third = openAgentStore({ paths: paths(), clock, countTokens: () => 1 });
    expect(third.rebuiltIndex).toBeNull();
    third.close();
  });

  it("rebuilds an index with a hole inside the log's range", () => {
    const first = openAgentStore({ paths: paths(), clock, countTokens: () => 1 });
    first.appendMessages([message("a"), message("b"), message("c")]);
    first.db.prepare("DELETE FROM messages WHERE seq = 1").run();
    first.close();
    const second = openAgentStore({ paths: paths(), clock, countTokens: () => 1 });
    expect(second.rebuiltIndex).toMatchObject({ kind: "index-gaps", indexRows: 2 });
    const session = second.sessionLog.sessionId;
    expect(second.messages.range(session, 0, 10).map((row) => row.content)).toEqual([
      "a",
      "b",
      "c",
    ]);
    second.close();
  });

  it("keeps each session's row count, which the hole check reads, equal to its rows", () => {
    const store = openAgentStore({ paths: paths(), clock, countTokens: () => 1 });
    const session = store.sessionLog.sessionId;
    const kept = () =>
      store.db
        .prepare("SELECT message_rows AS n, message_tokens AS t FROM sessions WHERE id = ?")
        .get(session);
    const counted = () =>
      store.db
        .prepare("SELECT COUNT(*) AS n, SUM(tokens) AS t FROM messages WHERE session = ?")
        .get(session);
    store.appendMessages(["a", "b", "c", "d"].map(message));
    // An insert the unique (session, seq) ignores counts nothing.
    store.messages.insert(session, [{ ...message("again"), seq: 1, tokens: 1, at: 0, bytes: 1 }]);
    expect(kept()).toEqual({ n: 4, t: 4 });
    store.db.prepare("DELETE FROM messages WHERE session = ? AND seq >= 2").run(session);
    expect(kept()).toEqual(counted());
    expect(kept()).toEqual({ n: 2, t: 2 });
    store.close();
  });

  it("reads the head of each message by id, cut in SQLite, the rest of the row intact", () => {
    const store = openAgentStore({ paths: paths(), clock, countTokens: () => 1 });
    store.appendMessages([message("é".repeat(5_000)), message("short")]);
    const [long, short] = store.messages.range(store.sessionLog.sessionId, 0, 2);
    const heads = store.messages.headsByIds([long?.id ?? -1, short?.id ?? -1], 100);
    const byId = new Map(heads.map((head) => [head.id, head]));
    expect(byId.get(long?.id ?? -1)?.content).toBe("é".repeat(100));
    expect(byId.get(short?.id ?? -1)).toEqual(short);
    store.close();
  });

  describe("what the FTS index searches", () => {
    const ts = "2026-04-02T06:00:00.000Z";
    const history = [
      {
        ts,
        role: "user" as const,
        content: "where are the Lisbon bookings?",
        meta: { interface: "telegram" as const, name: "Ann", sourceId: "msg-4711", turnId: "t-1" },
      },
      {
        ts,
        role: "assistant" as const,
        content: "",
        toolCalls: [
          {
            id: "call_9_QxZ",
            type: "function" as const,
            function: { name: "grep", arguments: '{"pattern":"Sintra","path":"~/trips/a.md"}' },
          },
        ],
      },
    ];
    const seqsOf = (store: ReturnType<typeof openAgentStore>, query: string) =>
      store.messages.search(query, { k: 10 }).map((hit) => hit.seq);

    it("finds envelope values and tool calls' names and arguments, not JSON keys or ids", () => {
      const store = openAgentStore({ paths: paths(), clock, countTokens: () => 1 });
      store.appendMessages(history);
      expect(seqsOf(store, "Ann")).toEqual([0]);
      expect(seqsOf(store, "telegram")).toEqual([0]);
      expect(seqsOf(store, "grep Sintra")).toEqual([1]);
      expect(seqsOf(store, "trips")).toEqual([1]);
      // The JSON's keys and ids are not words of the conversation.
      for (const noise of ["name", "interface", "sourceId", "4711", "function", "call", "id"]) {
        expect(seqsOf(store, noise), noise).toEqual([]);
      }
      store.close();
    });

    /** kern.db as the migrations before `before` left it, its messages' texts in the rows. */
    const previousIndex = (before: number, sessions: Array<{ id: string; file: string }>) => {
      const previous = new BetterSqlite3(paths().database);
      sqliteVec.load(previous);
      for (const [version, sql] of MIGRATIONS.slice(0, before).entries()) {
        previous.exec(sql);
        previous.pragma(`user_version = ${version + 1}`);
      }
      const row = previous.prepare(
        `INSERT INTO messages (session, seq, ts, role, content, tool_calls, meta, tokens)
         VALUES (?, ?, ?, ?, ?, ?, ?, 1)`,
      );
      for (const session of sessions) {
        previous
          .prepare("INSERT INTO sessions (id, created_at, file) VALUES (?, ?, ?)")
          .run(session.id, ts, session.file);
        for (const [seq, message] of history.entries()) {
          row.run(
            session.id,
            seq,
            ts,
            message.role,
            message.content,
            message.toolCalls ? JSON.stringify(message.toolCalls) : null,
            message.meta ? JSON.stringify(message.meta) : null,
          );
        }
      }
      return previous;
    };
    const logOf = (dir: string, id: string) => {
      const log = SessionLog.create({ dir, clock, id });
      log.append(history);
      log.close();
      return log.file;
    };

    it("migrates an index of a previous schema in place: same ids, texts read from the log", () => {
      const file = logOf(paths().sessionsDir, "s1");
      // Every migration before the one that made the index contentless (migration 6).
      const contentless = MIGRATIONS.findIndex((sql) => sql.includes("contentless_delete"));
      expect(contentless).toBeGreaterThan(0);
      const previous = previousIndex(contentless, [{ id: "s1", file }]);
      // The old index matched the JSON's keys.
      const old = previous.prepare(
        "SELECT count(*) AS n FROM messages_fts WHERE messages_fts MATCH ?",
      );
      expect(old.get('"name"')).toEqual({ n: 2 });
      expect(old.get('"call"')).toEqual({ n: 1 });
      const ids = previous.prepare("SELECT id FROM messages ORDER BY seq").pluck().all();
      previous.close();

      const phases: string[] = [];
      const store = openAgentStore({
        paths: paths(),
        clock,
        countTokens: () => 1,
        onMigrate: (progress) => phases.push(progress.phase),
      });
      expect(store.rebuiltIndex).toBeNull();
      expect(phases).toContain("places");
      expect(phases.at(-1)).toBe("compact");
      expect(seqsOf(store, "Ann")).toEqual([0]);
      expect(seqsOf(store, "Sintra")).toEqual([1]);
      expect(seqsOf(store, "name")).toEqual([]);
      expect(seqsOf(store, "call")).toEqual([]);
      const messages = store.messages.range("s1", 0, 2);
      expect(messages.map((message) => message.id)).toEqual(ids);
      expect(messages.map((message) => message.content)).toEqual(history.map((m) => m.content));
      expect(messages[1]?.toolCalls).toEqual(history[1]?.toolCalls);
      // The text is stored once: the row has no text column left.
      const columns = store.db.prepare("SELECT name FROM pragma_table_info('messages')").pluck();
      expect(columns.all()).not.toContain("content");
      // The row count and token total kept for the hole check and status are filled in for rows
      // older than their triggers.
      expect(
        store.db
          .prepare("SELECT message_rows AS n, message_tokens AS t FROM sessions WHERE id = 's1'")
          .get(),
      ).toEqual({ n: 2, t: 2 });
      store.close();
    });

    it("resumes a migration stopped midway (a kill): no message lost, none read wrong", () => {
      const main = logOf(paths().sessionsDir, "s2");
      const side = logOf(join(temp.path, "subagents"), "s1");
      const lean = MIGRATIONS.length - 1;
      previousIndex(lean, [
        { id: "s1", file: side },
        { id: "s2", file: main },
      ]).close();
      // Stopped after the first session's places committed.
      const stop = (progress: { phase: string; done: number }) => {
        if (progress.phase === "places" && progress.done > 0) throw new Error("killed");
      };
      expect(() =>
        openAgentStore({ paths: paths(), clock, countTokens: () => 1, onMigrate: stop }),
      ).toThrow("killed");
      const store = openAgentStore({ paths: paths(), clock, countTokens: () => 1 });
      expect(store.rebuiltIndex).toBeNull();
      for (const session of ["s1", "s2"]) {
        const contents = store.messages.range(session, 0, 2).map((message) => message.content);
        expect(contents, session).toEqual(history.map((message) => message.content));
      }
      expect(store.db.prepare("SELECT COUNT(*) FROM messages WHERE at IS NULL").pluck().get()).toBe(
        0,
      );
      store.close();
    });
  });
});
