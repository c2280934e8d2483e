// Trim candidates over a lazy message cache (only the tail loaded, the index for the rest) must
// answer as over a cache holding every row; the list may leave out only L0 edges before the
// loaded rows (no window that fits starts there), never the newest edge.
import { afterEach, describe, expect, it } from "vitest";
import {
  buildConversation,
  openTestMemory,
  type TestMemory,
} from "../../../test/support/memory-fixtures.js";
import { SessionMessageCache } from "./message-window.js";
import { StoredSegments } from "./stored-segments.js";
import { TrimCandidates } from "./trim-candidates.js";

let memory: TestMemory | null = null;
afterEach(async () => {
  await memory?.close();
  memory = null;
});

function cache(test: TestMemory, loadBatch: number): SessionMessageCache {
  const session = test.store.sessionLog.sessionId;
  const messages = new SessionMessageCache(test.store, {
    session,
    maxToolResultChars: 2_000,
    loadBatch,
  });
  messages.refresh();
  return messages;
}

describe("TrimCandidates over a lazy message cache", () => {
  it("answers as over every row when segmentation lags behind the loaded rows", async () => {
    memory = openTestMemory();
    memory.store.appendMessages(buildConversation({ turns: 40, toolChars: 3_000 }));
    await memory.engine.runUntilIdle();
    memory.store.appendMessages(
      buildConversation({ turns: 40, startMs: Date.parse("2026-04-01") }),
    );
    const session = memory.store.sessionLog.sessionId;
    const segments = memory.store.segments.list(session);
    const stored = new StoredSegments(memory.store.segments, session);
    const lazy = cache(memory, 8);
    const full = cache(memory, 1_000_000);
    const [lazyWalk, fullWalk] = [lazy.walkBack(600), full.walkBack(600)];
    expect(lazyWalk.startSeq).toBe(fullWalk.startSeq);
    const loadedFrom = lazy.loadedFrom;
    const starts = new Set(segments.filter((s) => s.level === 0).map((s) => s.seqStart));
    const newestEdge = Math.max(...starts);
    expect(loadedFrom).toBeGreaterThan(newestEdge + 8);
    const [lazyTrims, fullTrims] = [new TrimCandidates(lazy), new TrimCandidates(full)];
    const all = fullTrims.list(stored, 1, fullWalk.startSeq);
    const kept = all.filter((seq) => seq >= loadedFrom || !starts.has(seq) || seq === newestEdge);
    expect(kept.some((seq) => seq > newestEdge && seq < loadedFrom)).toBe(true);
    expect(lazyTrims.list(stored, 1, lazyWalk.startSeq)).toEqual(kept);
    expect(lazyTrims.newestUserSeq()).toBe(fullTrims.newestUserSeq());
    for (let seq = 0; seq < lazy.end + 2; seq += 7) {
      expect(lazyTrims.turnStartBefore(seq)).toBe(fullTrims.turnStartBefore(seq));
      expect(lazyTrims.fallback([seq])).toEqual(fullTrims.fallback([seq]));
    }
    expect(lazyTrims.fallback([])).toEqual(fullTrims.fallback([]));
    expect(lazy.loadedFrom).toBe(loadedFrom);
  });
});
