// How the report turns fused hits into results: one a turn, widened by an adjacent hit only when
// that hit ranks within the first k itself; with the tuning, one a run of one speaker, or up to
// `turnResults` a turn; or widening only the result shown last (`widenInPlace`).
import { afterEach, describe, expect, it } from "vitest";
import { openTestMemory, type TestMemory } from "../../../test/support/memory-fixtures.js";
import { buildReport } from "./recall-report.js";
import { DEFAULT_RECALL_TUNING, type RecallTuning } from "./recall-tuning.js";

let memory: TestMemory | null = null;
afterEach(async () => {
  await memory?.close();
  memory = null;
});

/** Turns of `size` messages (the user, then replies), none holding the query's word. */
function threeMessageTurns(opened: TestMemory, turns: number, size = 3): number[] {
  const ts = (index: number) => new Date(Date.parse("2026-03-01T08:00:00Z") + index * 60_000);
  opened.store.appendMessages(
    Array.from({ length: turns * size }, (_, index) => ({
      role: index % size === 0 ? ("user" as const) : ("assistant" as const),
      content: `message ${index} about the garden`,
      ts: ts(index).toISOString(),
    })),
  );
  const session = opened.store.sessionLog.sessionId;
  return opened.store.messages.range(session, 0, turns * size).map((message) => message.id);
}

function report(
  opened: TestMemory,
  ids: readonly number[],
  order: readonly number[],
  k: number,
  tuning: RecallTuning = DEFAULT_RECALL_TUNING,
) {
  const fused = order.map((seq, place) => ({ item: ids[seq] ?? -1, score: 1 / (place + 1) }));
  const ranked = {
    fts: [],
    vectors: [],
    fused,
    speakers: new Set<string>(),
    phrase: new Set<number>(),
  };
  return buildReport(opened.store, "quartz", ranked, k, tuning).results.map((result) => [
    result.seqStart,
    result.seqEnd,
  ]);
}

describe("buildReport", () => {
  it("widens a result by an adjacent hit of its turn only when that hit ranks within k", () => {
    memory = openTestMemory();
    const ids = threeMessageTurns(memory, 4);
    // Seq 1 is next to seq 0 (the same turn); seq 2 is in the turn but not next to a result.
    expect(report(memory, ids, [0, 1, 3], 2)).toEqual([
      [0, 2],
      [3, 4],
    ]);
    // Ranked third with k 2, seq 1 would take one of the two places ahead of seq 3's result.
    expect(report(memory, ids, [0, 2, 1, 3], 2)).toEqual([
      [0, 1],
      [3, 4],
    ]);
  });

  it("keeps a hit of its turn's other speaker, or up to turnResults, as the tuning says", () => {
    memory = openTestMemory();
    // Turns of four: the user's message, then a run of three replies (seqs 1-3).
    const ids = threeMessageTurns(memory, 3, 4);
    const order = [3, 1, 0, 4];
    // One a turn: seqs 1 and 0 are in seq 3's turn and not next to it.
    expect(report(memory, ids, order, 4)).toEqual([
      [3, 4],
      [4, 5],
    ]);
    // One a run: seq 1 is in seq 3's run and dropped; seq 0, the user's, is a result.
    const runs = { ...DEFAULT_RECALL_TUNING, resultUnit: "run" as const };
    expect(report(memory, ids, order, 4, runs)).toEqual([
      [3, 4],
      [0, 1],
      [4, 5],
    ]);
    // Two a turn: seq 1 is the turn's second result, and seq 0 next to it widens it.
    const two = { ...DEFAULT_RECALL_TUNING, turnResults: 2 };
    expect(report(memory, ids, order, 4, two)).toEqual([
      [3, 4],
      [0, 2],
      [4, 5],
    ]);
  });

  it("widens only the result shown last when the tuning holds a later hit to its place", () => {
    memory = openTestMemory();
    const ids = threeMessageTurns(memory, 4);
    // Seq 1, after seq 0, ranks behind seq 3's result: by default it widens seq 0's.
    const order = [0, 3, 1, 6];
    expect(report(memory, ids, order, 4)).toEqual([
      [0, 2],
      [3, 4],
      [6, 7],
    ]);
    // Held to its place, seq 1 is a result of its own after seq 3's (own) or nothing (drop).
    const own = { ...DEFAULT_RECALL_TUNING, widenInPlace: "own-after" as const };
    expect(report(memory, ids, order, 4, own)).toEqual([
      [0, 1],
      [3, 4],
      [1, 2],
      [6, 7],
    ]);
    const drop = { ...DEFAULT_RECALL_TUNING, widenInPlace: "drop-after" as const };
    expect(report(memory, ids, order, 4, drop)).toEqual([
      [0, 1],
      [3, 4],
      [6, 7],
    ]);
    // An earlier message (what a hit answers) still widens a result wherever it ranks.
    expect(report(memory, ids, [4, 6, 3], 4, own)).toEqual([
      [3, 5],
      [6, 7],
    ]);
    // The result shown last widens by either neighbour in every form.
    expect(report(memory, ids, [0, 1, 3], 4, { ...own, widenInPlace: "drop" as const })).toEqual([
      [0, 2],
      [3, 4],
    ]);
  });
});
