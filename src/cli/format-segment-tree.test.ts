// The terminal's segment tree read two ways: from a daemon's full listing (segmentTreeOf) and
// from the store's indexed queries without a daemon (readSegmentTree). They must draw the same.
import { afterEach, describe, expect, it } from "vitest";
import {
  buildConversation,
  openTestMemory,
  type TestMemory,
} from "../../test/support/memory-fixtures.js";
import { readSegmentTree } from "../store/index.js";
import {
  formatLevelCounts,
  formatSegmentTree,
  formatTreeSpan,
  segmentTreeOf,
} from "./format-segment-tree.js";

let memory: TestMemory | null = null;
afterEach(async () => {
  await memory?.close();
  memory = null;
});

describe("the segment tree", () => {
  it("reads the same top two levels from the store as from the full listing", async () => {
    memory = openTestMemory();
    memory.store.appendMessages(buildConversation({ turns: 400 }));
    await memory.engine.runUntilIdle();
    const session = memory.store.sessionLog.sessionId;
    const all = memory.store.segments.listRows(session);
    const levels = new Set(all.map((row) => row.level));
    expect(levels.has(2)).toBe(true); // grandchildren are counted, not listed
    const fromListing = segmentTreeOf(session, all);
    const fromStore = readSegmentTree(memory.store.db, session);
    expect(fromStore).toEqual(fromListing);
    expect(fromStore.rows.length).toBeLessThan(all.length);
    expect(fromStore.levelCounts.reduce((sum, level) => sum + level.count, 0)).toBe(all.length);
    const lines = formatSegmentTree(fromStore);
    expect(lines).toEqual(formatSegmentTree(fromListing));
    expect(lines.some((line) => / \+\d+$/.test(line))).toBe(true);
    expect(formatLevelCounts(fromStore)).toMatch(/^L0 \d+ · L1 \d+ · L2 \d+/);
    expect(formatTreeSpan(fromStore)).toMatch(/^\d{4}-\d\d-\d\d → \d{4}-\d\d-\d\d$/);
  });
});
