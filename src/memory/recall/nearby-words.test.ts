// Words said around a message count for it (nearby-words.ts): a question in the words a long
// history uses for a topic finds the statement that uses other words, through its neighbours;
// and in a short history, where no word can cluster, the rule does nothing.
import { afterEach, describe, expect, it } from "vitest";
import { openTestMemory, type TestMemory } from "../../../test/support/memory-fixtures.js";
import { DEFAULT_RECALL_TUNING, type RecallTuning } from "./recall-tuning.js";

let memory: TestMemory | null = null;
/** The default tuning with the nearby-words rule's knobs changed. */
function nearby(patch: Partial<RecallTuning["nearby"]>): RecallTuning {
  return { ...DEFAULT_RECALL_TUNING, nearby: { ...DEFAULT_RECALL_TUNING.nearby, ...patch } };
}
afterEach(async () => {
  await memory?.close();
  memory = null;
});

const SERVICES = ["billing", "search", "auth", "mailer", "ledger", "gateway", "scheduler", "cache"];
const STATEMENT_AT = 525;
const DECOYS_AT = [100, 220, 340, 800];

/** Filler an ops history says every day, then the decoys, the topic's chatter and the statement. */
function history(): string[] {
  const lines = Array.from(
    { length: 1000 },
    (_, i) => `Checked the ${SERVICES[i % SERVICES.length]} logs, run ${i} looks normal.`,
  );
  DECOYS_AT.forEach((at, n) => {
    lines[at] =
      `Decision: for the codec of ${SERVICES[n]}-worker we go with h264, picked for reach.`;
  });
  for (const at of [500, 506, 512, 518]) lines[at] = "any news on the media conversion?";
  lines[STATEMENT_AT] = "Decision: for the codec of video-worker we go with av1, picked for size.";
  return lines;
}

async function remember(lines: readonly string[]): Promise<TestMemory> {
  const opened = openTestMemory();
  opened.store.appendMessages(
    lines.map((content, index) => ({
      role: index % 2 === 0 ? ("assistant" as const) : ("user" as const),
      content,
      ts: new Date(Date.parse("2026-03-01T08:00:00Z") + index * 60_000).toISOString(),
      meta: { interface: "import", name: index % 2 === 0 ? "kern" : "Viktor" },
    })),
  );
  await opened.engine.runUntilIdle();
  return opened;
}

const QUESTION = "which codec was picked for the media conversion";

describe("nearby words", () => {
  it("finds the statement whose neighbours name the topic the question names", async () => {
    memory = await remember(history());
    const found = await memory.engine.recall({ query: QUESTION, k: 3 });
    const first = found.results[0];
    expect(first && first.seqStart <= STATEMENT_AT && STATEMENT_AT < first.seqEnd).toBe(true);
    // Without the rule a decoy or the chatter comes first: the rule is what finds it.
    const without = await memory.engine.recall({
      query: QUESTION,
      k: 3,
      tuning: nearby({ weight: 0 }),
    });
    const other = without.results[0];
    expect(other && other.seqStart <= STATEMENT_AT && STATEMENT_AT < other.seqEnd).toBe(false);
  });

  it("keeps the local vector leg out when a hit among the backbone's first five owes its place to its neighbours", async () => {
    const lines = history();
    // A message holding two of the question's words itself, far from the chatter: first, and
    // not lifted.
    lines[900] = "Conversion codec: conversion codec, conversion codec.";
    memory = await remember(lines);
    // A lighter lift: the statement gains, and stays below that message.
    const legs = await memory.engine.recallLegs({
      query: QUESTION,
      k: 5,
      tuning: nearby({ weight: 0.2 }),
    });
    const statementAt = legs.fts.findIndex((id) => id === STATEMENT_AT + 1);
    expect(statementAt).toBeGreaterThan(0);
    expect(statementAt).toBeLessThan(5);
    expect(legs.vectors).toEqual([]);
    // Looking at the first hit alone, the leg re-orders the backbone's hits.
    const first = await memory.engine.recallLegs({
      query: QUESTION,
      k: 5,
      tuning: nearby({ weight: 0.2, abstainWithin: 1 }),
    });
    expect(first.vectors.length).toBeGreaterThan(0);
  });

  it("leaves a short history's ranking alone: no word there is twenty times denser anywhere", async () => {
    const lines = history().slice(440, 560);
    memory = await remember(lines);
    const withRule = await memory.engine.recallLegs({ query: QUESTION, k: 10 });
    const withoutRule = await memory.engine.recallLegs({
      query: QUESTION,
      k: 10,
      tuning: nearby({ weight: 0 }),
    });
    expect(withRule.fts).toEqual(withoutRule.fts);
    expect(withRule.fts.length).toBeGreaterThan(0);
  });
});
