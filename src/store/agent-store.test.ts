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
    store.messages.insert(session, [{ ...message("again"), seq: 1, tokens: 1 }]);
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

    it("rebuilds an index of the previous schema so its messages are found the new way", () => {
      const previous = new BetterSqlite3(paths().database);
      sqliteVec.load(previous);
      // Every migration before the one that made the index contentless (migration 6).
      const contentless = MIGRATIONS.findIndex((sql) => sql.includes("contentless_delete"));
      expect(contentless).toBeGreaterThan(0);
      for (const [version, sql] of MIGRATIONS.slice(0, contentless).entries()) {
        previous.exec(sql);
        previous.pragma(`user_version = ${version + 1}`);
      }
      previous.prepare("INSERT INTO sessions VALUES ('s1', ?, 's1.jsonl')").run(ts);
      const row = previous.prepare(
        `INSERT INTO messages (session, seq, ts, role, content, tool_calls, meta, tokens)
         VALUES ('s1', ?, ?, ?, ?, ?, ?, 1)`,
      );
      row.run(
        1,
        ts,
        "user",
        "where are the Lisbon bookings?",
        null,
        JSON.stringify(history[0]?.meta),
      );
      row.run(2, ts, "assistant", "", JSON.stringify(history[1]?.toolCalls), null);
      // The old index matched the JSON's keys.
      const old = previous.prepare(
        "SELECT count(*) AS n FROM messages_fts WHERE messages_fts MATCH ?",
      );
      expect(old.get('"name"')).toEqual({ n: 2 });
      expect(old.get('"call"')).toEqual({ n: 1 });
      previous.close();

      const store = openAgentStore({ paths: paths(), clock, countTokens: () => 1 });
      expect(seqsOf(store, "Ann")).toEqual([1]);
      expect(seqsOf(store, "Sintra")).toEqual([2]);
      expect(seqsOf(store, "name")).toEqual([]);
      expect(seqsOf(store, "call")).toEqual([]);
      // The row count and token total kept for the hole check and status are filled in for rows
      // older than their triggers.
      expect(
        store.db
          .prepare("SELECT message_rows AS n, message_tokens AS t FROM sessions WHERE id = 's1'")
          .get(),
      ).toEqual({ n: 2, t: 2 });
      store.close();
    });
  });
});
