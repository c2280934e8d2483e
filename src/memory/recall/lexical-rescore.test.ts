// The lexical leg's re-scoring (lexical-rescore.ts): an echo of the question's words is halved; with
// `echoOnlyAsking`, only a message that asks about the words without telling them is one.
import { describe, expect, it } from "vitest";
import type { IndexedMessage } from "../../store/index.js";
import { byCoverage } from "./lexical-rescore.js";
import { DEFAULT_RECALL_TUNING } from "./recall-tuning.js";

const TEXTS = [
  "Today I went to the spa to get a lovely massage. Do you enjoy the spa?",
  "Wow, that sounds great! Did you enjoy the massage at the spa?",
  "How was the massage at the spa?",
];

function heads(): IndexedMessage[] {
  return TEXTS.map((content, index) => ({
    id: index + 1,
    session: "s",
    seq: index,
    ts: "2026-03-01T08:00:00.000Z",
    role: "user" as const,
    content,
    tokens: 20,
  }));
}

const hits = TEXTS.map((_, index) => ({ id: index + 1, session: "s", seq: index, score: 1 }));

function scores(echoOnlyAsking: boolean): number[] {
  const tuning = { ...DEFAULT_RECALL_TUNING, coverage: 0, echoOnlyAsking };
  return byCoverage(hits, heads(), ["spa", "massage"], tuning).map((hit) => hit.score);
}

describe("echoes in the lexical leg", () => {
  it("halves every short message ending in a question mark by default", () => {
    expect(scores(false)).toEqual([0.5, 0.5, 0.5]);
  });

  it("keeps a message that tells the question's words before it asks", () => {
    // The first tells where the massage was; the second tells nothing about spa or massage.
    expect(scores(true)).toEqual([1, 0.5, 0.5]);
  });
});
