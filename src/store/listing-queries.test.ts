// The lean queries behind GET /status and the segment listing (issue 32): they must answer what the
// full reads answered, without reading what they do not show.
import { afterEach, describe, expect, it } from "vitest";
import {
  buildConversation,
  openTestMemory,
  type TestMemory,
} from "../../test/support/memory-fixtures.js";

let memory: TestMemory | null = null;
afterEach(async () => {
  await memory?.close();
  memory = null;
});

describe("lean listing queries", () => {
  it("counts a session's messages and tokens as the full statistics do", async () => {
    memory = openTestMemory();
    const stored = memory.store.appendMessages(buildConversation({ turns: 12 }));
    const session = memory.store.sessionLog.sessionId;
    const totals = memory.store.messages.sessionTotals(session);
    const stats = memory.store.messages.sessionStats(session);
    expect(totals).toEqual({ count: stored.length, tokens: stats.tokens });
    expect(totals.tokens).toBeGreaterThan(0);
    expect(memory.store.messages.sessionTotals("no-such-session")).toEqual({ count: 0, tokens: 0 });
  });

  it("lists the ids of a range without one role as the full rows hold them", () => {
    memory = openTestMemory();
    const stored = memory.store.appendMessages(buildConversation({ turns: 12 }));
    const rows = memory.store.messages.byIds(stored.map((_, i) => i + 1));
    const expected = rows.filter((row) => row.role !== "tool" && row.id >= 5 && row.id <= 30);
    expect(expected.length).toBeLessThan(26); // the conversation holds tool outputs
    expect(memory.store.messages.idsWithoutRole(5, 30, "tool")).toEqual(
      expected.map((row) => row.id),
    );
  });

  it("reads the top of the tree, the leaves and their starts as the full list holds them", async () => {
    memory = openTestMemory();
    memory.store.appendMessages(buildConversation({ turns: 60 }));
    await memory.engine.runUntilIdle();
    const session = memory.store.sessionLog.sessionId;
    const segments = memory.store.segments;
    const full = segments.list(session);
    const leaves = full.filter((segment) => segment.level === 0);
    expect(full.some((segment) => segment.level > 0)).toBe(true);
    const roots = full
      .filter((segment) => segment.parentId === null)
      .sort((a, b) => a.seqStart - b.seqStart || b.level - a.level);
    expect(segments.roots(session)).toEqual(roots);
    expect(segments.leaves(session)).toEqual(leaves);
    const starts = leaves.map((segment) => segment.seqStart);
    const middle = starts[Math.floor(starts.length / 2)] as number;
    expect(segments.leafStartsFrom(session, middle)).toEqual(starts.filter((s) => s >= middle));
    expect(segments.leafStartsBefore(session, middle, 3)).toEqual(
      starts
        .filter((s) => s < middle)
        .reverse()
        .slice(0, 3),
    );
    expect(segments.roots("no-such-session")).toEqual([]);
  });

  it("lists every segment as the full list does, without summary text or session", async () => {
    memory = openTestMemory();
    memory.store.appendMessages(buildConversation({ turns: 60 }));
    await memory.engine.runUntilIdle();
    const session = memory.store.sessionLog.sessionId;
    const full = memory.store.segments.list(session);
    expect(full.length).toBeGreaterThan(1);
    expect(full.every((segment) => segment.summary)).toBe(true);
    expect(memory.store.segments.listRows(session)).toEqual(
      full.map(({ summary: _summary, session: _session, ...row }) => row),
    );
  });
});
