// The lean queries behind GET /status and the segment listing (issue 32): they must answer what the
// full reads answered, without reading what they do not show.
import { afterEach, describe, expect, it } from "vitest";
import {
  buildConversation,
  openTestMemory,
  type TestMemory,
} from "../../test/support/memory-fixtures.js";
import { hasSummary } from "./segment-repo.js";

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

  it("lists every segment with lazily read summaries equal to the full list", async () => {
    memory = openTestMemory();
    memory.store.appendMessages(buildConversation({ turns: 60 }));
    await memory.engine.runUntilIdle();
    // A segment without a summary yet: the pending row the composer re-reads.
    memory.store.appendMessages(buildConversation({ turns: 30 }));
    await memory.engine.runUntilIdle();
    const session = memory.store.sessionLog.sessionId;
    memory.store.segments.insertLeaf({
      id: "seg-pending",
      session,
      level: 0,
      seqStart: memory.store.segments.levelEnd(session, 0),
      seqEnd: memory.store.segments.levelEnd(session, 0) + 2,
      tokenCount: 10,
      firstTs: "2026-03-01T00:00:00.000Z",
      lastTs: "2026-03-01T00:00:00.000Z",
    });
    const full = memory.store.segments.list(session);
    const lazy = memory.store.segments.listLazily(session);
    expect(lazy.map(hasSummary)).toEqual(full.map((segment) => segment.summary !== null));
    expect(lazy.filter((segment) => !hasSummary(segment)).map((segment) => segment.id)).toContain(
      "seg-pending",
    );
    expect(lazy).toEqual(full);
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
