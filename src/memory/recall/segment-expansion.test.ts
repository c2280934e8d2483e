// The memory tree as document expansion (segment-expansion.ts): a lexical hit said in a segment
// whose summary holds the question's words it lacks gains; off, nothing is read; the summaries
// are read again when a segment closes.
import { afterEach, describe, expect, it } from "vitest";
import { openTestMemory, type TestMemory } from "../../../test/support/memory-fixtures.js";
import { agentPaths } from "../../config/index.js";
import { openAgentStore, searchTerms } from "../../store/index.js";
import { countMessageTokens } from "../text/count-tokens.js";
import { DEFAULT_RECALL_TUNING, type RecallTuning } from "./recall.js";
import { segmentSummariesOf, withSegmentWords } from "./segment-expansion.js";
import { HEAD_CHARS } from "./vector-rerank.js";

let memory: TestMemory | null = null;
afterEach(async () => {
  await memory?.close();
  memory = null;
});

const GARDEN = [
  "The tomatoes in the greenhouse need watering twice a day now.",
  "I put compost around the basil and the seedlings.",
  "We should pick the ripe ones before the weekend.",
  "The blight is back on the lower leaves.",
];
const CARS = [
  "The mechanic says the gearbox needs a new clutch.",
  "We should pick the car up before the weekend.",
  "The garage charges by the hour for that.",
  "I booked the service for Tuesday morning.",
];

/** Two L0 segments, each with its summary, over the two topics' messages. */
function twoTopics(opened: TestMemory): void {
  const all = [...GARDEN, ...CARS];
  opened.store.appendMessages(
    all.map((content, index) => ({
      ts: new Date(Date.parse("2026-03-01T08:00:00.000Z") + index * 60_000).toISOString(),
      role: index % 2 === 0 ? ("user" as const) : ("assistant" as const),
      content,
    })),
  );
  const session = opened.store.messages.sessionIds()[0] ?? "";
  const summaries = [`- ${GARDEN[0]}`, "- The car needs a new clutch at the garage."];
  for (const [index, text] of summaries.entries()) {
    const seqStart = index * 4;
    const id = `seg-test-L0-${seqStart}`;
    opened.store.segments.insertLeaf({
      id,
      session,
      level: 0,
      seqStart,
      seqEnd: seqStart + 4,
      tokenCount: 40,
      firstTs: "2026-03-01T08:00:00.000Z",
      lastTs: "2026-03-01T08:10:00.000Z",
    });
    opened.store.segments.setSummary(id, { text, tokens: 10, method: "extractive", stale: false });
  }
}

function legOf(opened: TestMemory, query: string) {
  const hits = opened.store.messages.search(query, { k: 100 });
  const ids = hits.map((hit) => hit.id);
  const terms = searchTerms(query);
  return {
    fts: ids,
    heads: opened.store.messages.headsByIds(ids, HEAD_CHARS),
    terms,
    roleWeight: () => 1,
    speakers: new Set<string>(),
    lifted: new Set<number>(),
    asksWhen: false,
  };
}

function withWords(weight: number, apart = false): RecallTuning {
  const tuning = structuredClone(DEFAULT_RECALL_TUNING) as RecallTuning;
  tuning.segmentWords = { weight, apart };
  return tuning;
}

describe("segment summaries", () => {
  it("reads the summaries again when a segment closes", () => {
    memory = openTestMemory();
    twoTopics(memory);
    const session = memory.store.messages.sessionIds()[0] ?? "";
    expect(segmentSummariesOf(memory.store).leafOf(session, 8)).toBeUndefined();
    memory.store.appendMessages([
      { ts: "2026-03-01T09:00:00.000Z", role: "user", content: "The basil is flowering." },
    ]);
    memory.store.segments.insertLeaf({
      id: "seg-test-L0-8",
      session,
      level: 0,
      seqStart: 8,
      seqEnd: 9,
      tokenCount: 5,
      firstTs: "2026-03-01T09:00:00.000Z",
      lastTs: "2026-03-01T09:00:00.000Z",
    });
    memory.store.segments.setSummary("seg-test-L0-8", {
      text: "- The basil is flowering.",
      tokens: 5,
      method: "extractive",
      stale: false,
    });
    expect(segmentSummariesOf(memory.store).leafOf(session, 8)?.id).toBe("seg-test-L0-8");
  });
});

describe("withSegmentWords", () => {
  it("lifts a hit whose segment's summary holds the question's words it lacks", () => {
    memory = openTestMemory();
    twoTopics(memory);
    const query = "pick before the weekend tomatoes";
    const leg = legOf(memory, query);
    const hits = memory.store.messages.search(query, { k: 100 }).map((hit) => ({ ...hit }));
    const garden = hits.find((hit) => hit.seq === 2); // GARDEN[2], in the garden's segment
    const cars = hits.find((hit) => hit.seq === 5); // CARS[1], the same words, the other topic
    expect(garden && cars).toBeTruthy();
    const even = hits.map((hit) => ({ ...hit, score: 1 }));
    const search = { heads: leg.heads, terms: leg.terms, apart: false };
    const lifted = withSegmentWords(memory.store, even, search, withWords(1));
    const score = (seq: number) => lifted.find((hit) => hit.seq === seq)?.score ?? 0;
    expect(score(2)).toBeGreaterThan(score(5));
    expect(score(5)).toBe(1); // the car's summary holds none of the words it lacks
    // Off: the hits as they were, and no read (a closed store would throw).
    const closed = openAgentStore({
      paths: agentPaths(memory.dir),
      clock: memory.clock,
      countTokens: countMessageTokens,
    });
    closed.close();
    expect(withSegmentWords(closed, even, search, withWords(0))).toEqual(even);
    expect(() => withSegmentWords(closed, even, search, withWords(1))).toThrow();
    // With `apart`, only a search whose hits hold the words apart reads the summaries.
    expect(withSegmentWords(closed, even, search, withWords(1, true))).toEqual(even);
    const apart = { ...search, apart: true };
    expect(() => withSegmentWords(closed, even, apart, withWords(1, true))).toThrow();
  });
});
