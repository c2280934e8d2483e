// The lazy message cache (only the tail a window reaches, the index for older messages) must plan
// exactly what a cache holding every row plans: same trim point, pieces and tight turn, same
// trimmed count, window and costs; over a history many load batches long.
import { afterEach, describe, expect, it } from "vitest";
import {
  buildConversation,
  openTestMemory,
  type TestMemory,
} from "../../../test/support/memory-fixtures.js";
import { seededRandom } from "../../../test/support/seeded-random.js";
import { WindowPlanner } from "./plan-window.js";
import { StoredSegments } from "./stored-segments.js";

let memory: TestMemory | null = null;
afterEach(async () => {
  await memory?.close();
  memory = null;
});

const MAX_TOOL_RESULT_CHARS = 2_000;
/** A batch far smaller than the history, so the lazy cache loads back several times. */
const SMALL_BATCH = 16;
const EVERYTHING = 1_000_000_000;

interface Pair {
  lazy: WindowPlanner;
  full: WindowPlanner;
}

function planners(test: TestMemory): Pair {
  const session = test.store.sessionLog.sessionId;
  return {
    lazy: new WindowPlanner(test.store, session, MAX_TOOL_RESULT_CHARS, SMALL_BATCH),
    full: new WindowPlanner(test.store, session, MAX_TOOL_RESULT_CHARS, EVERYTHING),
  };
}

/** Plans with both at each budget; everything the composer reads must be the same. */
function expectSamePlans(test: TestMemory, pair: Pair, version: number, budgets: number[]): void {
  const segments = new StoredSegments(test.store.segments, test.store.sessionLog.sessionId);
  for (const budget of budgets) {
    const [lazy, full] = [pair.lazy, pair.full].map((planner) => {
      planner.messages.refresh();
      const plan = planner.plan({
        budget,
        systemTokens: 400,
        summaryShare: 0.5,
        segments,
        segmentsVersion: version,
      });
      const start = plan.tight ? plan.tight.seqEnd : plan.trimPoint;
      const window = planner.messages.windowMessages(start);
      const costs = window.map((message) => planner.messages.messageTokens(message));
      return { plan, trimmed: planner.messages.indexOf(plan.trimPoint), window, costs };
    });
    expect(lazy).toEqual(full);
  }
}

describe("SessionMessageCache loading only the reachable tail", () => {
  it("plans as a cache holding every row does, as the history grows and segments change", async () => {
    memory = openTestMemory();
    memory.store.appendMessages(buildConversation({ turns: 90, toolChars: 3_000 }));
    await memory.engine.runUntilIdle();
    // An unsegmented tail: its ranges are stand-ins, summed and dated from the index.
    memory.store.appendMessages(
      buildConversation({ turns: 12, startMs: Date.parse("2026-04-01") }),
    );
    const pair = planners(memory);
    const budgets = [2_500, 4_000, 7_000, 12_000, 4_000];
    expectSamePlans(memory, pair, 1, budgets);
    expect(pair.full.messages.loadedFrom).toBe(0);
    expect(pair.lazy.messages.loadedFrom).toBeGreaterThan(SMALL_BATCH * 4);
    for (let step = 0; step < 3; step += 1) {
      memory.store.appendMessages(
        buildConversation({ turns: 2, startMs: Date.parse("2026-05-01") }),
      );
      expectSamePlans(memory, pair, 1, [4_000, 7_000]);
    }
    await memory.engine.runUntilIdle();
    expectSamePlans(memory, pair, 2, budgets);
    // More new messages than one batch between two composes: the lazy cache starts over.
    memory.store.appendMessages(
      buildConversation({ turns: 10, startMs: Date.parse("2026-06-01") }),
    );
    expectSamePlans(memory, pair, 2, budgets);
  });

  it("plans as a cache holding every row does when segmentation lags far behind the window", async () => {
    memory = openTestMemory();
    memory.store.appendMessages(buildConversation({ turns: 30, toolChars: 3_000 }));
    await memory.engine.runUntilIdle();
    const session = memory.store.sessionLog.sessionId;
    const newestL0 = Math.max(
      ...memory.store.segments
        .list(session)
        .filter((segment) => segment.level === 0)
        .map((segment) => segment.seqStart),
    );
    // Long unsegmented tail: user messages between the newest L0 and the loaded rows are
    // candidates the lazy cache reads from the index. Tiny budgets fit no turn (the fallback).
    memory.store.appendMessages(
      buildConversation({ turns: 60, startMs: Date.parse("2026-04-01") }),
    );
    const pair = planners(memory);
    expectSamePlans(memory, pair, 1, [300, 700, 1_200, 2_500, 700]);
    expect(pair.lazy.messages.loadedFrom).toBeGreaterThan(newestL0 + SMALL_BATCH);
  });

  it("sums, counts and dates any range as the full rows do, loaded or not", () => {
    memory = openTestMemory();
    memory.store.appendMessages(buildConversation({ turns: 60 }));
    const { lazy, full } = planners(memory);
    lazy.messages.refresh();
    full.messages.refresh();
    lazy.messages.walkBack(500);
    const loadedFrom = lazy.messages.loadedFrom;
    expect(loadedFrom).toBeGreaterThan(0);
    const session = memory.store.sessionLog.sessionId;
    const rows = memory.store.messages.tokenRows(session);
    const end = rows.length;
    const random = seededRandom(7);
    const seqs = () => Math.floor(random() * (end + 4));
    for (let sample = 0; sample < 200; sample += 1) {
      const [seqStart, seqEnd] = [seqs(), seqs()].sort((a, b) => a - b) as [number, number];
      const stored = rows
        .filter((row) => row.seq >= seqStart && row.seq < seqEnd)
        .reduce((sum, row) => sum + row.tokens, 0);
      expect(lazy.messages.tokensBetween(seqStart, seqEnd)).toBe(stored);
      expect(full.messages.tokensBetween(seqStart, seqEnd)).toBe(stored);
      expect(lazy.messages.timesOf(seqStart, seqEnd)).toEqual(
        full.messages.timesOf(seqStart, seqEnd),
      );
      expect(lazy.messages.indexOf(seqStart)).toBe(rows.filter((row) => row.seq < seqStart).length);
    }
    expect(lazy.messages.loadedFrom).toBe(loadedFrom);
  });
});
