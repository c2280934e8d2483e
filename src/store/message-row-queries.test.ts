// The composer's narrow reads (message-row-queries.ts) against a real kern.db: each must answer
// what the full row list answers, and the trigger-kept message count must follow inserts and
// deletes.
import { afterEach, describe, expect, it } from "vitest";
import {
  buildConversation,
  openTestMemory,
  type TestMemory,
} from "../../test/support/memory-fixtures.js";
import type { MessageTokenRow } from "./message-row-queries.js";

let memory: TestMemory | null = null;
afterEach(async () => {
  await memory?.close();
  memory = null;
});

/** A store with a conversation, and its every row as the full read gives it. */
function seeded(turns: number): { memory: TestMemory; session: string; all: MessageTokenRow[] } {
  memory = openTestMemory();
  memory.store.appendMessages(buildConversation({ turns }));
  const session = memory.store.sessionLog.sessionId;
  return { memory, session, all: memory.store.messages.tokenRows(session) };
}

describe("message row queries", () => {
  it("read the newest rows before a seq and the oldest from a seq, ascending", () => {
    const { memory, session, all } = seeded(20);
    const rows = memory.store.messages.rows;
    expect(all.length).toBeGreaterThan(40);
    expect(rows.newest(session, Number.MAX_SAFE_INTEGER, 7)).toEqual(all.slice(-7));
    expect(rows.newest(session, 30, 7)).toEqual(all.slice(23, 30));
    expect(rows.newest(session, 3, 7)).toEqual(all.slice(0, 3));
    expect(rows.from(session, 10, 5)).toEqual(all.slice(10, 15));
    expect(rows.from(session, all.length, 5)).toEqual([]);
  });

  it("sum tokens, find users, non-tool messages and times of ranges as the rows do", () => {
    const { memory, session, all } = seeded(20);
    const rows = memory.store.messages.rows;
    const between = (from: number, to: number) =>
      all.filter((row) => row.seq >= from && row.seq < to);
    for (const [from, to] of [
      [0, all.length],
      [5, 17],
      [12, 12],
      [30, 1_000],
    ] as const) {
      const range = between(from, to);
      expect(rows.tokensBetween(session, from, to)).toBe(
        range.reduce((sum, row) => sum + row.tokens, 0),
      );
      const users = range.filter((row) => row.role === "user").map((row) => row.seq);
      expect(rows.userSeqs(session, from, to)).toEqual(users);
      const others = range.filter((row) => row.role !== "tool").map((row) => row.seq);
      expect(rows.nonToolSeqs(session, from, to)).toEqual(others);
      expect(rows.tsFrom(session, from)).toBe(all.find((row) => row.seq >= from)?.ts ?? null);
      expect(rows.tsBefore(session, to)).toBe(between(0, to).at(-1)?.ts ?? null);
    }
    const users = all.filter((row) => row.role === "user").map((row) => row.seq);
    expect(users.length).toBeGreaterThan(3);
    const last = users.at(-1) as number;
    expect(rows.newestUserBefore(session, last)).toBe(users.at(-2));
    expect(rows.newestUserBefore(session, last + 1)).toBe(last);
    expect(rows.newestUserBefore(session, 0)).toBeNull();
    const mixed = [last, last + 1, users[1] as number, 1, 2, 3];
    const expected = mixed.filter((seq) => users.includes(seq)).sort((a, b) => a - b);
    expect(expected.length).toBeGreaterThan(1);
    expect(rows.userSeqsAmong(session, mixed)).toEqual(expected);
    expect(rows.userSeqsAmong(session, [])).toEqual([]);
  });

  it("counts the messages before a seq, following inserts and deletes", () => {
    const { memory, session, all } = seeded(10);
    const rows = memory.store.messages.rows;
    for (const seq of [0, 1, 13, all.length - 1, all.length, all.length + 50])
      expect(rows.countBefore(session, seq)).toBe(all.filter((row) => row.seq < seq).length);
    memory.store.db.prepare("DELETE FROM messages WHERE session = ? AND seq = 5").run(session);
    expect(rows.countBefore(session, 20)).toBe(19);
    expect(rows.countBefore(session, 3)).toBe(3);
    memory.store.appendMessages(buildConversation({ turns: 2 }));
    const now = memory.store.messages.tokenRows(session).length;
    expect(now).toBeGreaterThan(all.length);
    expect(rows.countBefore(session, Number.MAX_SAFE_INTEGER)).toBe(now);
    expect(rows.countBefore("no-such-session", 10)).toBe(0);
  });
});
