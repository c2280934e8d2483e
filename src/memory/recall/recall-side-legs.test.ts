// The meaning leg's weight (recall-side-legs.ts): fixed, or, with `byMissing`, as large as the
// share of the question's words the best lexical hit lacks; and its places (keep-places.ts).
import { describe, expect, it } from "vitest";
import { meaningStride, meaningWeight, missingShare, withoutNames } from "./recall-side-legs.js";
import { DEFAULT_RECALL_TUNING, type RecallTuning } from "./recall-tuning.js";
import type { LexicalLeg } from "./recall-types.js";

const leg: LexicalLeg = {
  fts: [1],
  heads: [
    {
      id: 1,
      session: "s",
      seq: 0,
      ts: "2026-03-01T08:00:00.000Z",
      role: "user",
      content: "My doctor says my sugar is too high.",
      tokens: 10,
    },
  ],
  terms: ["doctor", "sugar", "dessert", "skip"],
  roleWeight: () => 1,
  speakers: new Set(),
  lifted: new Set(),
  asksWhen: false,
};

function tuned(byMissing: boolean): RecallTuning {
  const tuning = structuredClone(DEFAULT_RECALL_TUNING) as RecallTuning;
  tuning.meaningLeg = { ...tuning.meaningLeg, weight: 0.8, byMissing };
  return tuning;
}

describe("the meaning leg's weight", () => {
  it("is the tuning's weight unless it follows the words the lexical leg lacks", () => {
    expect(meaningWeight(leg, tuned(false))).toBe(0.8);
  });

  it("shrinks as the best lexical hit holds more of the question's words", () => {
    // The best hit holds two of four words: the leg counts half its weight.
    expect(meaningWeight(leg, tuned(true))).toBeCloseTo(0.4);
    expect(meaningWeight({ ...leg, terms: ["doctor", "sugar"] }, tuned(true))).toBe(0);
  });
});

describe("the meaning leg's places", () => {
  it("are as many as the words the best lexical hit lacks", () => {
    // Two of four words held: the leg may take every other place.
    expect(missingShare(leg)).toBeCloseTo(0.5);
    const tuning = tuned(false);
    tuning.meaningLeg = { ...tuning.meaningLeg, keepPlaces: "missing" };
    expect(meaningStride(leg, tuning)).toBeCloseTo(2);
    // Every word held: none; no word held: no bound.
    expect(meaningStride({ ...leg, terms: ["doctor", "sugar"] }, tuning)).toBe(1);
    expect(meaningStride({ ...leg, terms: ["dessert"] }, tuning)).toBe(Number.POSITIVE_INFINITY);
    tuning.meaningLeg = { ...tuning.meaningLeg, keepPlaces: 3 };
    expect(meaningStride(leg, tuning)).toBe(3);
  });

  it("with plus-missing, one in 1 + the share missed: every other place at most", () => {
    const tuning = tuned(false);
    tuning.meaningLeg = { ...tuning.meaningLeg, keepPlaces: "plus-missing" };
    // Half the words held: a stride of 1.5, so the lexical second hit stays in the first 3.
    expect(meaningStride(leg, tuning)).toBeCloseTo(1.5);
    expect(meaningStride({ ...leg, terms: ["doctor", "sugar"] }, tuning)).toBe(1);
    expect(meaningStride({ ...leg, terms: ["dessert"] }, tuning)).toBe(2);
  });
});

describe("withoutNames", () => {
  it("takes the speakers' names and their possessive out of the question, nothing else", () => {
    const speakers = new Set(["caroline", "melanie"]);
    expect(withoutNames("What did Caroline's mom give Melanie?", speakers)).toBe(
      "What did   mom give  ?",
    );
    expect(withoutNames("What did Carol research?", speakers)).toBe("What did Carol research?");
  });
});
