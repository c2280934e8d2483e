// How the report turns fused hits into results: one a turn, widened by an adjacent hit only when
// that hit ranks within the first k itself.
import { afterEach, describe, expect, it } from "vitest";
import { openTestMemory, type TestMemory } from "../../../test/support/memory-fixtures.js";
import { buildReport } from "./recall-report.js";
import { DEFAULT_RECALL_TUNING } from "./recall-tuning.js";

let memory: TestMemory | null = null;
afterEach(async () => {
  await memory?.close();
  memory = null;
});

/** Turns of three messages (the user, two replies), none holding the query's word. */
function threeMessageTurns(opened: TestMemory, turns: number): number[] {
  const ts = (index: number) => new Date(Date.parse("2026-03-01T08:00:00Z") + index * 60_000);
  opened.store.appendMessages(
    Array.from({ length: turns * 3 }, (_, index) => ({
      role: index % 3 === 0 ? ("user" as const) : ("assistant" as const),
      content: `message ${index} about the garden`,
      ts: ts(index).toISOString(),
    })),
  );
  const session = opened.store.sessionLog.sessionId;
  return opened.store.messages.range(session, 0, turns * 3).map((message) => message.id);
}

function report(opened: TestMemory, ids: readonly number[], order: readonly number[], k: number) {
  const fused = order.map((seq, place) => ({ item: ids[seq] ?? -1, score: 1 / (place + 1) }));
  const ranked = {
    fts: [],
    vectors: [],
    fused,
    speakers: new Set<string>(),
    phrase: new Set<number>(),
  };
  return buildReport(opened.store, "quartz", ranked, k, DEFAULT_RECALL_TUNING).results.map(
    (result) => [result.seqStart, result.seqEnd],
  );
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
});
